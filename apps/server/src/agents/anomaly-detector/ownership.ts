/** A component pattern (`*` and `?` globs, case-insensitive) and the owner it assigns. */
export interface OwnershipRule {
  pattern: string;
  owner: string;
}

export type OwnerLookup = (component: string) => string | null;

const toRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('')
      .map((char) =>
        char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
    'i',
  );

/** The first matching rule wins; no match leaves the anomaly unassigned. */
export function createOwnerLookup(rules: readonly OwnershipRule[]): OwnerLookup {
  const compiled = rules.map((rule) => ({ test: toRegExp(rule.pattern), owner: rule.owner }));
  return (component) => compiled.find((rule) => rule.test.test(component))?.owner ?? null;
}
