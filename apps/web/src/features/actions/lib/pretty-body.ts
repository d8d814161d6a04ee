/** A request body as people read it: JSON indented, anything else as sent. */
export function prettyBody(body: string | null): string | null {
  if (body === null || body === '') return null;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
