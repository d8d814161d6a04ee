/**
 * The value of a colour token (`--color-status-healthy` → `#22c55e`), for canvas drawing, which
 * cannot resolve `var(...)`. Read at draw time so the tokens in index.css stay the one source.
 */
export function readCssColour(token: string, element: Element = document.documentElement): string {
  const value = getComputedStyle(element).getPropertyValue(token).trim();
  return value === '' ? 'gray' : value;
}

/** Reads several tokens at once: `{ healthy: '--color-status-healthy' }` → `{ healthy: '#22c55e' }`. */
export function readCssColours<K extends string>(
  tokens: Readonly<Record<K, string>>,
  element: Element = document.documentElement,
): Record<K, string> {
  const style = getComputedStyle(element);
  const colours = {} as Record<K, string>;
  for (const key of Object.keys(tokens) as K[]) {
    colours[key] = style.getPropertyValue(tokens[key]).trim() || 'gray';
  }
  return colours;
}
