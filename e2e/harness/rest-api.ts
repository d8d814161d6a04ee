/**
 * One JSON call against a Vigil server, as the console makes it. An answer outside 2xx throws,
 * naming the call, the status and the body, so a failing setup step says what went wrong.
 * An empty body (204, or an OTLP answer with nothing to report) resolves to `undefined`.
 */
export async function requestJson<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
