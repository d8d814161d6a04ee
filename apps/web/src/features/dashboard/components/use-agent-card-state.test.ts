import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_COLLAPSE_MS, CARD_HIGHLIGHT_MS, useAgentCardState } from './use-agent-card-state';

describe('useAgentCardState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec timings: highlight 1.2 s, collapse 30 s', () => {
    expect(CARD_HIGHLIGHT_MS).toBe(1_200);
    expect(CARD_COLLAPSE_MS).toBe(30_000);
  });

  it('toggles a card open and shut', () => {
    const { result } = renderHook(() => useAgentCardState());
    act(() => result.current.toggle('rca'));
    expect(result.current.expanded.has('rca')).toBe(true);
    act(() => result.current.toggle('rca'));
    expect(result.current.expanded.has('rca')).toBe(false);
  });

  it('collapses an open card after 30 s, each card on its own timer', () => {
    const { result } = renderHook(() => useAgentCardState());
    act(() => result.current.toggle('rca'));
    act(() => vi.advanceTimersByTime(10_000));
    act(() => result.current.toggle('executor'));
    act(() => vi.advanceTimersByTime(CARD_COLLAPSE_MS - 10_000 - 1));
    expect([...result.current.expanded]).toEqual(['rca', 'executor']);
    act(() => vi.advanceTimersByTime(1));
    expect([...result.current.expanded]).toEqual(['executor']);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.expanded.size).toBe(0);
  });

  it('a card closed by hand and reopened gets a fresh 30 s', () => {
    const { result } = renderHook(() => useAgentCardState());
    act(() => result.current.toggle('rca'));
    act(() => vi.advanceTimersByTime(20_000));
    act(() => result.current.toggle('rca'));
    act(() => result.current.toggle('rca'));
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.expanded.has('rca')).toBe(true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.expanded.has('rca')).toBe(false);
  });

  it('highlights one card for 1.2 s; a new highlight moves it and restarts the time', () => {
    const { result } = renderHook(() => useAgentCardState());
    act(() => result.current.highlight('rca'));
    expect(result.current.highlighted).toBe('rca');
    act(() => vi.advanceTimersByTime(1_000));
    act(() => result.current.highlight('executor'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.highlighted).toBe('executor');
    act(() => vi.advanceTimersByTime(CARD_HIGHLIGHT_MS - 1_000));
    expect(result.current.highlighted).toBeNull();
  });
});
