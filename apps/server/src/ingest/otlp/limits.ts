/**
 * Caps applied while normalising, so one hostile record cannot blow up storage or the detectors.
 * Values past a cap are truncated (as OpenTelemetry SDKs do with attribute limits), never rejected.
 */
export interface NormaliseLimits {
  /** Characters kept of one attribute value (strings and JSON-encoded arrays). */
  attributeValueLength: number;
  /** Attributes kept per record, after flattening. */
  attributeCount: number;
  /** Characters kept of a log body. */
  bodyLength: number;
  /** Nesting depth flattened or encoded before the rest is cut off. */
  depth: number;
}

export const DEFAULT_LIMITS: NormaliseLimits = {
  attributeValueLength: 16_384,
  attributeCount: 256,
  bodyLength: 65_536,
  depth: 16,
};

export const TRUNCATED_MARK = '…[truncated]';

export function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) + TRUNCATED_MARK : text;
}
