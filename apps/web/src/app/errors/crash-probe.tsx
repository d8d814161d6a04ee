import { useLocation } from 'react-router';
import { isCrashRequested } from './crash-flag';

const browserStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * Throws during render when the e2e crash switch is on, so the browser tests can see the real
 * crash screen in the production build. The switch needs a localStorage opt-in a link cannot
 * set, so it is no user feature; a test-only route would not exist in the build the tests run.
 */
export function CrashProbe() {
  const { search } = useLocation();
  if (isCrashRequested(search, browserStorage())) {
    throw new Error(
      'Crash requested by the e2e switch (?__crash with localStorage vigil.e2e.crash=1)',
    );
  }
  return null;
}
