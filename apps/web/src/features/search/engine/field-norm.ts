/** Fuse.js 7.5's field-length norm (src/tools/fieldNorm.ts) with its defaults: 1 / √tokens, 3 decimals. */
const isWordSeparator = (code: number): boolean =>
  (code >= 9 && code <= 13) || code === 32 || code === 160;

export function fieldNorm(value: string): number {
  let tokens = 0;
  let inWord = false;
  for (let i = 0; i < value.length; i += 1) {
    if (!isWordSeparator(value.charCodeAt(i))) {
      if (!inWord) tokens += 1;
      inWord = true;
    } else inWord = false;
  }
  return Math.round(1000 / Math.pow(Math.max(1, tokens), 0.5)) / 1000;
}
