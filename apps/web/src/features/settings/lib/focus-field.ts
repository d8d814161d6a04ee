import { SEARCH_HIGHLIGHT_CLASS, SEARCH_TIMING } from '../../../lib/search-events';
import { fieldInputId } from './field-meta';

const isShown = (element: HTMLElement): boolean => element.getClientRects().length > 0;

/** Pulses an element for the search highlight's 3 s. */
function pulse(element: HTMLElement): void {
  element.classList.add(SEARCH_HIGHLIGHT_CLASS);
  window.setTimeout(
    () => element.classList.remove(SEARCH_HIGHLIGHT_CLASS),
    SEARCH_TIMING.highlightDurationMs,
  );
}

/**
 * Brings a deep link's target into view: the field (focused and pulsed) or else its section.
 * Answers false, with a warning as the spec asks, when the page shows neither.
 */
export function focusSettingsTarget(field: string | null, section: string | null): boolean {
  if (field !== null) {
    const input = document.getElementById(fieldInputId(field));
    if (input && isShown(input)) {
      input.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      input.focus({ preventScroll: true });
      const container = input.closest<HTMLElement>('[data-field]');
      if (container) pulse(container);
      return true;
    }
  }
  if (section !== null) {
    const target = [...document.querySelectorAll<HTMLElement>('[data-section]')].find(
      (element) => element.dataset.section === section && isShown(element),
    );
    if (target) {
      target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      pulse(target);
      return true;
    }
  }
  if (field !== null || section !== null) {
    console.warn(`Settings deep link: nothing shown for ${field ?? section}`);
  }
  return false;
}
