import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg`: the side panel replaces the drawer from here up (spec part 1 section 9). */
export const DESKTOP_QUERY = '(min-width: 1024px)';
/** Tailwind's `md`: below it the console is in its mobile layout. */
export const TABLET_QUERY = '(min-width: 768px)';

/** Whether a CSS media query matches, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
