import type { LogWindow, WindowLog } from './log-window';
import type { TraceStoreClient } from './trace-store-client';

/** Look-ups per incident change: enough for a real incident, bounded for a noisy one. */
const MAX_LOOKUPS = 20;

/**
 * The window, plus the traces it lacks fetched from the external trace store: `byTrace` answers
 * from the window first and falls back to the fetched trace. At most `spanLimit` spans
 * (`trace_query_limit`) are taken from the store for one incident: the earliest of each trace,
 * traces in the order the incident names them.
 */
export async function withExternalTraces(
  window: LogWindow,
  traceIds: readonly string[],
  client: TraceStoreClient | undefined,
  spanLimit: number,
): Promise<LogWindow> {
  if (!client) return window;
  const missing = [...new Set(traceIds)]
    .filter((id) => window.byTrace(id).length === 0)
    .slice(0, MAX_LOOKUPS);
  if (missing.length === 0) return window;
  const external = new Map<string, WindowLog[]>();
  const found = await Promise.all(missing.map((id) => client.lookup(id)));
  let budget = spanLimit;
  missing.forEach((id, i) => {
    const spans = found[i]?.spans.slice(0, Math.max(0, budget)) ?? [];
    budget -= spans.length;
    const logs = spans.flatMap((span) => span.logs).sort((a, b) => a.time - b.time);
    if (logs.length > 0) external.set(id, logs);
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
