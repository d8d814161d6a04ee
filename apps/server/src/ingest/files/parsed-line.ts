import type { Attributes } from '../records';

/** What the file parsers make of one line, before it becomes an OTLP log record. */
export interface ParsedLine {
  /** Epoch ms from the line's own header, or null when it has none. */
  time: number | null;
  severityNumber: number;
  severityText: string;
  /** The line's component (service, logger, node), or null to use the file's default. */
  component: string | null;
  body: string;
  traceId: string | null;
  spanId: string | null;
  attributes: Attributes;
}

/** The fields a header parser found, in loghub's names (`Date`, `Time`, `Level`, `Content`, …). */
export type HeaderFields = Record<string, string>;
