import { severityNumberFor } from '../../../ingest/severity';
import type { SeverityClass } from './model';

/**
 * Severity folded into classes by OpenTelemetry severity number: 1-4 TRACE, 5-8 DEBUG, 9-12 INFO,
 * 13-16 WARN, 17-20 ERROR, 21-24 FATAL, 0 unspecified. A record whose number is unset falls back to
 * its text, read with the ingest's own level-word table so a level means the same thing everywhere.
 */
function classFromNumber(severityNumber: number): SeverityClass {
  if (severityNumber >= 21) return 'fatal';
  if (severityNumber >= 17) return 'error';
  if (severityNumber >= 13) return 'warn';
  if (severityNumber >= 9) return 'info';
  if (severityNumber >= 5) return 'debug';
  if (severityNumber >= 1) return 'trace';
  return 'unknown';
}

// Sources without severity numbers repeat a handful of level words: remember them (bounded).
const textClasses = new Map<string, SeverityClass>();
const MAX_REMEMBERED_TEXTS = 256;

/** Severity class from the record's number, falling back to its text when the number is unset. */
export function severityClass(severityNumber: number, severityText: string): SeverityClass {
  if (severityNumber > 0) return classFromNumber(severityNumber);
  if (severityText === '') return 'unknown';
  let known = textClasses.get(severityText);
  if (known === undefined) {
    known = classFromNumber(severityNumberFor(severityText));
    if (textClasses.size < MAX_REMEMBERED_TEXTS) textClasses.set(severityText, known);
  }
  return known;
}
