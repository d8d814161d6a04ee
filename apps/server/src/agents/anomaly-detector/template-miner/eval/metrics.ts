/**
 * Log parsing metrics as Loghub defines them. Every function takes two arrays of equal length, one
 * entry per scored line: the true label and the mined label (a group key or a template text).
 */

/**
 * Loghub-2.0 compares templates after trimming, collapsing whitespace and collapsing variables that
 * touch (`<*><*>` → `<*>`); `<*> <*>` stays two variables.
 */
export function normaliseTemplate(template: string): string {
  let text = template.trim().replace(/\s+/g, ' ');
  while (text.includes('<*><*>')) text = text.replaceAll('<*><*>', '<*>');
  return text;
}

/**
 * GA: a line is correct when the lines sharing its mined group are exactly the lines sharing its
 * true group.
 */
export function groupingAccuracy(truth: readonly string[], mined: readonly string[]): number {
  assertSameLength(truth, mined);
  if (truth.length === 0) return 0;
  return exactGroups(truth, mined).lines / truth.length;
}

/** PA: share of lines whose mined template text equals the true one after normalisation. */
export function parsingAccuracy(truth: readonly string[], mined: readonly string[]): number {
  assertSameLength(truth, mined);
  if (truth.length === 0) return 0;
  let correct = 0;
  for (let i = 0; i < truth.length; i += 1) {
    if (normaliseTemplate(truth[i] ?? '') === normaliseTemplate(mined[i] ?? '')) correct += 1;
  }
  return correct / truth.length;
}

export interface GroupF1 {
  /** PGA: exactly reproduced groups / mined groups. */
  precision: number;
  /** RGA: exactly reproduced groups / true groups. */
  recall: number;
  /** FGA: harmonic mean of the two. */
  f1: number;
  minedGroups: number;
  truthGroups: number;
}

/** FGA: how many true groups the miner reproduced exactly, as precision, recall and F1. */
export function groupF1(truth: readonly string[], mined: readonly string[]): GroupF1 {
  assertSameLength(truth, mined);
  const { groups } = exactGroups(truth, mined);
  const minedGroups = new Set(mined).size;
  const truthGroups = new Set(truth).size;
  const precision = minedGroups === 0 ? 0 : groups / minedGroups;
  const recall = truthGroups === 0 ? 0 : groups / truthGroups;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, minedGroups, truthGroups };
}

/** True groups that one mined group covers exactly: how many, and how many lines they hold. */
function exactGroups(
  truth: readonly string[],
  mined: readonly string[],
): { groups: number; lines: number } {
  const minedSizes = countBy(mined);
  const truthToMined = new Map<string, { mined: string | null; size: number }>();
  for (let i = 0; i < truth.length; i += 1) {
    const key = truth[i] ?? '';
    const label = mined[i] ?? '';
    const entry = truthToMined.get(key);
    if (!entry) truthToMined.set(key, { mined: label, size: 1 });
    else {
      entry.size += 1;
      if (entry.mined !== label) entry.mined = null;
    }
  }
  let groups = 0;
  let lines = 0;
  for (const { mined: label, size } of truthToMined.values()) {
    if (label !== null && minedSizes.get(label) === size) {
      groups += 1;
      lines += size;
    }
  }
  return { groups, lines };
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function assertSameLength(truth: readonly string[], mined: readonly string[]): void {
  if (truth.length !== mined.length) {
    throw new Error(
      `metric inputs differ in length: ${truth.length} true labels, ${mined.length} mined`,
    );
  }
}
