/** Masked variables carry no meaning for "is this the same kind of message". */
const IGNORED = /<\*>/g;

export function templateTokens(template: string): string[] {
  return template
    .replace(IGNORED, ' ')
    .toLowerCase()
    .split(/[^a-z0-9_.-]+/)
    .filter((token) => token.length > 0);
}

/**
 * Jaccard similarity of the two templates' token sets, in [0, 1]. Set-based on purpose: a
 * template repeated with an extra stack frame or id should stay similar to its shorter form.
 */
export function templateSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const left = new Set(templateTokens(a));
  const right = new Set(templateTokens(b));
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}
