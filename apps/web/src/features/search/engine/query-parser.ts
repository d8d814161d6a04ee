import { resolveDateValue, type DateCondition, type DateOperator } from './date-operators';

/** Operators that filter on a list of values (any of them matches). */
export const VALUE_OPERATORS = ['type', 'severity', 'status', 'component', 'tag', 'agent'] as const;
export type ValueOperator = (typeof VALUE_OPERATORS)[number];

const DATE_OPERATORS: readonly DateOperator[] = ['date', 'before', 'after', 'since'];

export interface ParsedQuery {
  /** The query with every operator removed, whitespace collapsed. */
  freeText: string;
  values: Partial<Record<ValueOperator, string[]>>;
  /** Date conditions whose value parsed; the others are dropped. */
  dates: DateCondition[];
}

/** `key:value` or `key:"quoted value"`, keys case-insensitive. */
const OPERATOR = /(?<=^|\s)([a-z]+):(?:"([^"]*)"|(\S*))/gi;

const isValueOperator = (key: string): key is ValueOperator =>
  (VALUE_OPERATORS as readonly string[]).includes(key);
const isDateOperator = (key: string): key is DateOperator =>
  (DATE_OPERATORS as readonly string[]).includes(key);

/**
 * Splits a typed query into free text and operator conditions (spec part 1 section 5). Operator
 * values are removed from the free text even when they are empty or do not parse; words with
 * another `something:` prefix stay in the free text.
 */
export function parseQuery(query: string, now: Date): ParsedQuery {
  const values: ParsedQuery['values'] = {};
  const dates: DateCondition[] = [];
  const freeText = query
    .replace(
      OPERATOR,
      (whole, rawKey: string, quoted: string | undefined, bare: string | undefined) => {
        const key = rawKey.toLowerCase();
        const value = (quoted ?? bare ?? '').trim();
        if (isValueOperator(key)) {
          if (value !== '') (values[key] ??= []).push(value.toLowerCase());
          return ' ';
        }
        if (isDateOperator(key)) {
          const at = resolveDateValue(value, now);
          if (at) dates.push({ operator: key, at });
          return ' ';
        }
        return whole;
      },
    )
    .replace(/\s+/g, ' ')
    .trim();
  return { freeText, values, dates };
}
