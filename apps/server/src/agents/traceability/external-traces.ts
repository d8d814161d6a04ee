import type { LogWindow, WindowLog } from './log-window';
import type { TraceStoreClient } from './trace-store-client';

/** Look-ups per incident change: enough for a real incident, bounded for a noisy one. */
const MAX_LOOKUPS = 20;

/**
 * The window, plus the traces it lacks fetched from the external trace store: `byTrace` answers
 * from the window first and falls back to the fetched trace.
 */
export async function withExternalTraces(
  window: LogWindow,
  traceIds: readonly string[],
  client: TraceStoreClient | undefined,
): Promise<LogWindow> {
  if (!client) return window;
  const missing = [...new Set(traceIds)]
    .filter((id) => window.byTrace(id).length === 0)
    .slice(0, MAX_LOOKUPS);
  if (missing.length === 0) return window;
  const external = new Map<string, WindowLog[]>();
  const found = await Promise.all(missing.map((id) => client.lookup(id)));
  missing.forEach((id, i) => {
    const trace = found[i];
    if (trace && trace.logs.length > 0) external.set(id, trace.logs);
  });
  if (external.size === 0) return window;
  return {
    add: (records) => window.add(records),
    byTrace: (id) => {
      const own = window.byTrace(id);
      return own.length > 0 ? own : (external.get(id) ?? []);
    },
    between: (fromMs, toMs, limit) => window.between(fromMs, toMs, limit),
    size: () => window.size(),
  };
}
