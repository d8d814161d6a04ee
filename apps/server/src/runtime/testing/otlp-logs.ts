/** One OTLP/JSON logs request: lines of one component, 10 ms apart from `startMs`. */
export function otlpLogs(
  component: string,
  lines: readonly { body: string; severity: number }[],
  startMs: number,
): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: component } }] },
        scopeLogs: [
          {
            logRecords: lines.map((line, i) => ({
              timeUnixNano: `${startMs + i * 10}000000`,
              severityNumber: line.severity,
              body: { stringValue: line.body },
            })),
          },
        ],
      },
    ],
  });
}

export async function postLogs(baseUrl: string, body: string): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}
