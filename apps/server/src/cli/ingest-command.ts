import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { LogFormatError, compileFormat } from '../ingest/files/format-string';
import { type IngestInput, type IngestSummary, runIngest } from '../ingest/files/ingest-run';
import { createProgress } from '../ingest/files/progress';

export interface IngestCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  /** Draw a live progress line (stdout is a terminal) instead of only a summary. */
  isTTY: boolean;
  /** Defaults to process.env (VIGIL_API_TOKEN). */
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

const USAGE = `Usage: vigil ingest FILE... [options]     (FILE "-" reads stdin)

Options:
  --component NAME   service name for every line (default: the line's own component, else the file name)
  --server URL       Vigil server (default http://127.0.0.1:8080)
  --format FORMAT    auto (default), json, or a loghub format such as '<Date> <Time> <Level> <Content>'
  --token T          API token (default: $VIGIL_API_TOKEN)
  --batch N          lines per request (default 500)
  --retries N        retries of a failed request (default 5)
`;

interface Options {
  files: string[];
  component: string | null;
  server: string;
  format: string;
  token: string | null;
  batch: number;
  retries: number;
}

/** A bad command line (exit 2, with usage) or an unreadable input (exit 1, without). */
class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}

const isParseArgsError = (error: unknown): error is Error =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');

function positiveInt(
  value: string | undefined,
  name: string,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max || (name === '--batch' && n === 0)) {
    throw new UsageError(
      `${name} must be a whole number between ${name === '--batch' ? 1 : 0} and ${max}, got "${value}"`,
    );
  }
  return n;
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      component: { type: 'string' },
      server: { type: 'string' },
      format: { type: 'string' },
      token: { type: 'string' },
      batch: { type: 'string' },
      retries: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('name at least one FILE (or - for stdin)');
  if (positionals.filter((file) => file === '-').length > 1)
    throw new UsageError('stdin (-) can be read only once');
  const server = values.server ?? 'http://127.0.0.1:8080';
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) {
    throw new UsageError(`--server must be an http(s) URL, got "${server}"`);
  }
  const format = values.format ?? 'auto';
  if (format !== 'auto' && format !== 'json') compileFormat(format); // refuse a bad format before reading
  const component = values.component?.trim() || null;
  return {
    files: positionals,
    component,
    server,
    format,
    token: values.token ?? env['VIGIL_API_TOKEN'] ?? null,
    batch: positiveInt(values.batch, '--batch', 500, 100_000),
    retries: positiveInt(values.retries, '--retries', 5, 100),
  };
}

async function inputsFor(
  files: readonly string[],
  stdin: NodeJS.ReadableStream,
): Promise<IngestInput[]> {
  const inputs: IngestInput[] = [];
  for (const file of files) {
    if (file === '-') {
      inputs.push({ name: '-', defaultComponent: 'unknown_service', open: () => stdin });
      continue;
    }
    const info = await stat(file).catch((error: unknown) => {
      throw new UsageError(
        `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
        1,
      );
    });
    if (!info.isFile()) throw new UsageError(`cannot read ${file}: not a regular file`, 1);
    const name = basename(file);
    inputs.push({
      name,
      defaultComponent: basename(name, extname(name)) || name,
      open: () => createReadStream(file),
    });
  }
  return inputs;
}

function summaryLine(summary: IngestSummary, inputs: number, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const rate = Math.round(summary.lines / seconds).toLocaleString('en-US');
  const what = `${summary.lines.toLocaleString('en-US')} lines from ${inputs} input${inputs === 1 ? '' : 's'}`;
  return `vigil ingest: sent ${what} in ${summary.batches} batch${summary.batches === 1 ? '' : 'es'} (${seconds.toFixed(1)} s, ${rate} lines/s)\n`;
}

function warnings(summary: IngestSummary): string {
  let text = '';
  if (summary.unmatched > 0)
    text += `vigil ingest: warning: ${summary.unmatched} lines did not fit --format and were sent whole\n`;
  if (summary.rejected > 0) {
    text += `vigil ingest: warning: the server rejected ${summary.rejected} records: ${summary.rejectionMessage ?? 'no reason given'}\n`;
  }
  return text;
}

/** `vigil ingest`: returns the exit code (0 sent, 1 failed, 2 usage error). */
export async function runIngestCommand(argv: string[], io: IngestCommandIo): Promise<number> {
  const env = io.env ?? process.env;
  const now = io.now ?? Date.now;
  let options: Options | 'help';
  let inputs: IngestInput[];
  try {
    options = parseOptions(argv, env);
    if (options === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    inputs = await inputsFor(options.files, io.stdin);
  } catch (error) {
    if (error instanceof UsageError && error.exitCode === 1) {
      io.stderr.write(`vigil ingest: ${error.message}\n`);
      return 1;
    }
    if (!(
      error instanceof UsageError ||
      error instanceof LogFormatError ||
      isParseArgsError(error)
    ))
      throw error;
    const message = error instanceof LogFormatError ? `--format: ${error.message}` : error.message;
    io.stderr.write(`vigil ingest: ${message}\n\n${USAGE}`);
    return 2;
  }
  const started = now();
  const progress = createProgress(io.stdout, io.isTTY, now);
  const result = await runIngest({
    inputs,
    format: options.format,
    component: options.component,
    batchSize: options.batch,
    shipper: { server: options.server, token: options.token, retries: options.retries },
    now,
    onProgress: (lines, input) => progress.update(lines, input.name),
  });
  progress.finish();
  io.stdout.write(summaryLine(result.summary, inputs.length, now() - started));
  io.stderr.write(warnings(result.summary));
  if (result.ok) return 0;
  io.stderr.write(`vigil ingest: ${result.message}\n`);
  return 1;
}
