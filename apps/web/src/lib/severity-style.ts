/** The four badge looks every severity, level or priority word is shown with. */
export type SeverityVariant = 'destructive' | 'warning' | 'default' | 'secondary';

/**
 * Words from many sources (log levels, paging priorities, our own severities) map onto one look,
 * as spec part 1 section 4 lists them. Unknown words stay neutral rather than guessing.
 */
const VARIANT_BY_WORD: ReadonlyMap<string, SeverityVariant> = new Map([
  ...(
    ['critical', 'alert', 'emergency', 'fatal', 'panic', 'sev1', 'p0', 'high', 'error'] as const
  ).map((word) => [word, 'destructive'] as const),
  ...(['warning', 'warn', 'medium', 'sev2', 'p1'] as const).map(
    (word) => [word, 'warning'] as const,
  ),
  ...(['notice', 'info', 'debug', 'low', 'ok'] as const).map((word) => [word, 'default'] as const),
]);

export function severityVariant(severity: string | null | undefined): SeverityVariant {
  if (!severity) return 'secondary';
  return VARIANT_BY_WORD.get(severity.trim().toLowerCase()) ?? 'secondary';
}
