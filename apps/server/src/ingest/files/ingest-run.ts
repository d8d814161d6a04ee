import type { Attributes } from '../records';
import { type LineFormat, createLineParser } from './line-parser';
import { readLines } from './line-reader';
import { type ShipResult, type ShipperOptions, shipLogs } from './log-shipper';
import { type OutgoingLine, buildLogsRequest } from './otlp-logs-request';

/**
 * The `vigil ingest` pipeline without the terminal: stream each input line by line, parse its
 * header, batch, post, one batch in flight at a time (backpressure: reading waits for the server).
 */
export interface IngestInput {
  /** Shown in messages and sent as `log.file.name`; `-` for stdin. */
  name: string;
  /** The component when neither --component nor the line names one. */
  defaultComponent: string;
  open(): AsyncIterable<Buffer | string>;
}

export interface IngestRunOptions {
  inputs: readonly IngestInput[];
  format: LineFormat;
  /** --component: files every line under this service name. */
  component: string | null;
  batchSize: number;
  shipper: ShipperOptions;
  now: () => number;
  onProgress?: (lines: number, input: IngestInput) => void;
}

export interface IngestSummary {
  lines: number;
  batches: number;
  rejected: number;
  rejectionMessage: string | null;
  unmatched: number;
}

export type IngestResult =
  { ok: true; summary: IngestSummary } | { ok: false; message: string; summary: IngestSummary };

/** Flush early past this many body characters, so a batch of huge lines stays a sane request. */
const MAX_BATCH_CHARS = 4 * 1024 * 1024;

class ShipError extends Error {}

/**
 * Ships batches one at a time, in order, while the caller parses the next one: at most one
 * request in flight and one batch waiting, so reading overlaps the network without unbounded
 * buffering (the next flush waits for the previous request).
 */
function createShipper(options: IngestRunOptions, summary: IngestSummary) {
  let inflight: Promise<ShipResult & { lines: number }> | null = null;
  const settle = async (): Promise<void> => {
    if (inflight === null) return;
    const result = await inflight;
    inflight = null;
    if (!result.ok) throw new ShipError(result.message);
    summary.batches += 1;
    summary.lines += result.lines;
    summary.rejected += result.rejected;
    summary.rejectionMessage ??= result.rejectionMessage;
  };
  return {
    async ship(batch: OutgoingLine[]): Promise<void> {
      await settle();
      const request = buildLogsRequest(batch, options.now());
      inflight = shipLogs(request, options.shipper).then(
        (result) => ({ ...result, lines: batch.length }),
        (error: unknown) => ({
          ok: false as const,
          message: `sending failed: ${describe(error)}`,
          lines: batch.length,
        }),
      );
    },
    settle,
  };
}

export async function runIngest(options: IngestRunOptions): Promise<IngestResult> {
  const summary: IngestSummary = {
    lines: 0,
    batches: 0,
    rejected: 0,
    rejectionMessage: null,
    unmatched: 0,
  };
  const shipper = createShipper(options, summary);
  let batch: OutgoingLine[] = [];
  let batchChars = 0;
  let parsed = 0;
  const flush = async (): Promise<void> => {
    if (batch.length > 0) await shipper.ship(batch);
    batch = [];
    batchChars = 0;
  };
  try {
    for (const input of options.inputs) {
      const parser = createLineParser(options.format, { now: options.now });
      for await (const text of readLines(input.open())) {
        if (text.trim() === '') continue;
        batch.push(toOutgoing(parser.parse(text), input, options.component));
        batchChars += text.length;
        parsed += 1;
        if (batch.length >= options.batchSize || batchChars >= MAX_BATCH_CHARS) await flush();
        if (parsed % 1000 === 0) options.onProgress?.(summary.lines, input);
      }
      summary.unmatched += parser.unmatched;
      options.onProgress?.(summary.lines, input);
    }
    await flush();
    await shipper.settle();
    return { ok: true, summary };
  } catch (error) {
    const message =
      error instanceof ShipError ? error.message : `cannot read input: ${describe(error)}`;
    return { ok: false, message, summary };
  }
}

function toOutgoing(
  line: OutgoingLine['line'],
  input: IngestInput,
  override: string | null,
): OutgoingLine {
  const extra: Attributes = { 'log.file.name': input.name };
  // --component names the service; the line's own component (a class, a daemon) stays visible.
  if (override !== null && line.component !== null) extra['component'] = line.component;
  return { line, component: override ?? line.component ?? input.defaultComponent, extra };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
