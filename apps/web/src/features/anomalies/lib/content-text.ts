/**
 * Analysis from other backends arrives as `{ result: { content: [{ type: 'text', text }] } }` or
 * as a bare string (spec part 1 section 3). These read such a value as plain objects and text,
 * never trusting its shape.
 */

export type UnknownRecord = Readonly<Record<string, unknown>>;

export const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The joined text of the content items, a string as is, else null. */
export function contentText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (!isRecord(value) || !isRecord(value.result)) return null;
  const items = value.result.content;
  if (!Array.isArray(items)) return null;
  const texts = items
    .filter(isRecord)
    .map((item) => item.text)
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  return texts.length === 0 ? null : texts.join('\n');
}

/** Removes a leading marker such as 'Root Cause Analysis completed: ' (case-insensitive). */
export function stripPrefix(text: string, prefix: string): string {
  const trimmed = text.trimStart();
  return trimmed.toLowerCase().startsWith(prefix.toLowerCase())
    ? trimmed.slice(prefix.length).trim()
    : text.trim();
}

/**
 * The JSON object embedded in the text: a ```json fence, else the span from the first `{` to
 * the last `}`. Undefined when there is none or it does not parse (the caller shows the text).
 */
export function embeddedJson(text: string): UnknownRecord | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = fenced?.[1] ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  if (!candidate.trim().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(candidate);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A list of strings from a list of strings or objects (their `summary`/`text`/`description`). */
export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return item.trim() === '' ? [] : [item.trim()];
    if (!isRecord(item)) return [];
    const text = item.summary ?? item.text ?? item.description ?? item.step;
    return typeof text === 'string' && text.trim() !== '' ? [text.trim()] : [];
  });
}

export const optionalString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
