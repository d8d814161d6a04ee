import type { Attributes } from '../records';
import { severityNumberFor } from '../severity';
import type { HeaderFields, ParsedLine } from './parsed-line';
import { parseTimestamp } from './timestamp';

/**
 * Turns header fields, from a format string or from auto-detection, into a parsed line:
 * Timestamp (or Month/Date/Day/Time/Year joined) → time, Level/Severity/Type/State → severity,
 * Component/Service/Logger/Node → component, Content → body, anything else → attributes.
 */
const TIME_FIELDS = new Set(['timestamp', 'year', 'month', 'date', 'day', 'time']);
const JOINED_TIME_FIELDS = ['year', 'month', 'date', 'day', 'time'] as const;
const LEVEL_FIELDS = ['level', 'severity', 'type', 'state'] as const;
const COMPONENT_FIELDS = ['component', 'service', 'logger', 'node'] as const;

function lowerKeys(fields: HeaderFields): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(fields)) out.set(name.toLowerCase(), value.trim());
  return out;
}

function timeOf(fields: Map<string, string>, reference: number): number | null {
  const stamp = fields.get('timestamp');
  const fromStamp = stamp ? parseTimestamp(stamp, reference) : null;
  if (fromStamp !== null) return fromStamp;
  const parts = JOINED_TIME_FIELDS.map((name) => fields.get(name)).filter(
    (part) => part !== undefined && part !== '',
  );
  return parts.length === 0 ? null : parseTimestamp(parts.join(' '), reference);
}

function severityOf(fields: Map<string, string>): {
  number: number;
  text: string;
  field: string | null;
} {
  for (const name of LEVEL_FIELDS) {
    const value = fields.get(name);
    if (value === undefined || value === '') continue;
    const number = severityNumberFor(value);
    if (number !== 0) return { number, text: value, field: name };
  }
  return { number: 0, text: '', field: null };
}

function componentOf(fields: Map<string, string>): { value: string | null; field: string | null } {
  for (const name of COMPONENT_FIELDS) {
    const value = fields.get(name);
    if (value !== undefined && value !== '') return { value, field: name };
  }
  return { value: null, field: null };
}

export function lineFromFields(fields: HeaderFields, reference: number): ParsedLine {
  const lower = lowerKeys(fields);
  const severity = severityOf(lower);
  const component = componentOf(lower);
  const attributes: Attributes = {};
  for (const [name, value] of lower) {
    if (
      name === 'content' ||
      TIME_FIELDS.has(name) ||
      name === severity.field ||
      name === component.field
    )
      continue;
    // A Level column that holds no level word (loghub's Linux puts the host there) stays visible.
    if (value !== '' && name !== '__proto__') attributes[name] = value;
  }
  return {
    time: timeOf(lower, reference),
    severityNumber: severity.number,
    severityText: severity.text,
    component: component.value,
    body: fields['Content'] ?? lower.get('content') ?? '',
    traceId: null,
    spanId: null,
    attributes,
  };
}
