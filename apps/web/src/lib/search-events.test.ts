import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SEARCH_EVENTS,
  SEARCH_HIGHLIGHT_CLASS,
  SEARCH_TARGET_ATTRIBUTE,
  SEARCH_TIMING,
  dispatchSearchEvent,
  highlightSearchTarget,
  onSearchEvent,
} from './search-events';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('search events', () => {
  it('use the names the spec gives', () => {
    expect(SEARCH_EVENTS.openAnomalyDetail).toBe('openAnomalyDetail');
    expect(SEARCH_EVENTS.openActionEdit).toBe('openActionEdit');
    expect(SEARCH_EVENTS.applySearchFilters).toBe('applySearchFilters');
  });

  it('carry their detail to listeners on the window until they stop listening', () => {
    const handler = vi.fn();
    const stop = onSearchEvent('openActionEdit', handler);
    dispatchSearchEvent('openActionEdit', { actionId: 'act-1' });
    stop();
    dispatchSearchEvent('openActionEdit', { actionId: 'act-2' });
    expect(handler.mock.calls).toEqual([[{ actionId: 'act-1' }]]);
  });

  it('are plain CustomEvents a screen can also hear with addEventListener', () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener('applySearchFilters', listener);
    dispatchSearchEvent('applySearchFilters', { filters: { incident_id: 7 } });
    window.removeEventListener('applySearchFilters', listener);
    expect(heard).toEqual([{ filters: { incident_id: 7 } }]);
  });
});

describe('highlightSearchTarget', () => {
  it('pulses the marked element and removes the highlight after 3 s', () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div ${SEARCH_TARGET_ATTRIBUTE}="an-1"></div>`;
    const element = document.querySelector('div')!;
    expect(highlightSearchTarget('an-1')).toBe(true);
    expect(element.classList.contains(SEARCH_HIGHLIGHT_CLASS)).toBe(true);
    vi.advanceTimersByTime(SEARCH_TIMING.highlightDurationMs - 1);
    expect(element.classList.contains(SEARCH_HIGHLIGHT_CLASS)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(element.classList.contains(SEARCH_HIGHLIGHT_CLASS)).toBe(false);
  });

  it('logs a warning when the page shows no such element', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(highlightSearchTarget('missing"id')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});
