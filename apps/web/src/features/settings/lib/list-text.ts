/** Array fields take one item per line; blanks are dropped (spec part 2 section 5). */
export function parseLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function formatLines(items: readonly string[]): string {
  return items.join('\n');
}

/** Email recipients are comma-separated and trimmed (spec part 2 section 5). */
export function parseCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function formatCommaList(items: readonly string[]): string {
  return items.join(', ');
}
