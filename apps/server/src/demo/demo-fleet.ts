import { startControlServer, type ControlServer } from './control-server';
import { sampleFleetMetrics } from './fleet-metrics';
import { createFleetState, type FleetState } from './fleet-state';
import { createFaultScheduler, type FaultSchedule, type FaultScheduler } from './fault-scheduler';
import { logsBody, metricsBody, tracesBody } from './otlp-json';
import { createOtlpSender, type OtlpSender } from './otlp-sender';
import { createRandom, type Random } from './random';
import { seedDemoCatalogue } from './seed-demo-catalogue';
import { generateWindow } from './traffic-window';

export interface DemoFleetOptions {
  /** The Vigil server the fleet reports to (its own OTLP/HTTP and REST API). */
  serverUrl: string;
  token: string | null;
  /** How much faster than the wall clock the fault scenario runs (1 = real time). */
  speed: number;
  /** A fault to inject as soon as the fleet is warm, besides the schedule. */
  fault: string | null;
  /** Loopback port of the control endpoint; 0 picks a free one. */
  controlPort: number;
  /** Automatic fault injection; null injects only on demand. */
  schedule: FaultSchedule | null;
  log: (line: string) => void;
  requestsPerSecond?: number;
  /** Healthy history sent at start, stamped in the past, so the detector knows normal first. */
  warmupMs?: number;
  tickMs?: number;
  metricsEveryMs?: number;
  seed?: number;
}

export interface DemoFleet {
  controlOrigin: string;
  state: FleetState;
  /** Generates and sends everything up to now (the loop does this every tick). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

interface Loop {
  state: FleetState;
  random: Random;
  sender: OtlpSender;
  options: DemoFleetOptions;
  sentUntil: number;
  metricsAt: number;
}

const WARMUP_CHUNK_MS = 60_000;

/**
 * A fast-forwarded scenario brings the next fault sooner than the executor's default 5-minute
 * verification window ends; the window shrinks with it (never under the setting's 10 s floor).
 */
export function verificationWindowFor(speed: number): number | null {
  return speed > 1 ? Math.max(10, Math.round(300 / speed)) : null;
}

/** Sends one window: spans first, so the graph and RCA know the calls before their logs arrive. */
async function sendWindow(loop: Loop, from: number, to: number): Promise<void> {
  const { state, random, sender, options } = loop;
  const versionOf = (service: string) => state.version(service);
  const telemetry = generateWindow(from, to, options.requestsPerSecond ?? 4, state, random);
  if (telemetry.spans.length > 0)
    await sender.send('traces', tracesBody(telemetry.spans, versionOf));
  if (telemetry.logs.length > 0) await sender.send('logs', logsBody(telemetry.logs, versionOf));
  const every = options.metricsEveryMs ?? 10_000;
  if (to - loop.metricsAt >= every) {
    loop.metricsAt = to;
    await sender.send('metrics', metricsBody(sampleFleetMetrics(state, random), to, versionOf));
  }
}

async function warmUp(loop: Loop, now: number): Promise<void> {
  const from = now - (loop.options.warmupMs ?? 12 * 60_000);
  loop.metricsAt = from - (loop.options.metricsEveryMs ?? 10_000);
  for (let at = from; at < now; at += WARMUP_CHUNK_MS) {
    await sendWindow(loop, at, Math.min(now, at + WARMUP_CHUNK_MS));
  }
  loop.sentUntil = now;
}

/**
 * The demo fleet: a simulated shop reporting to Vigil over OTLP/HTTP like any instrumented
 * system, a control endpoint that really changes it, its runbook in Vigil's catalogue, and a
 * scheduler that breaks something now and then.
 */
export async function startDemoFleet(options: DemoFleetOptions): Promise<DemoFleet> {
  const state = createFleetState();
  const control: ControlServer = await startControlServer({
    state,
    port: options.controlPort,
    now: Date.now,
    onOperation: (line) => options.log(`demo: ${line}`),
  });
  const loop: Loop = {
    state,
    random: createRandom(options.seed ?? Date.now()),
    sender: createOtlpSender(options.serverUrl, options.token),
    options,
    sentUntil: Date.now(),
    metricsAt: 0,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  try {
    const seeded = await seedDemoCatalogue(
      options.serverUrl,
      options.token,
      control.origin,
      verificationWindowFor(options.speed),
    );
    options.log(
      `demo: runbook ${seeded.created.length} created, ${seeded.updated.length} repointed; executor settings ${seeded.settings}`,
    );
    await warmUp(loop, Date.now());
  } catch (error) {
    await control.close();
    throw error;
  }
  let scheduler: FaultScheduler | null = null;
  let lastError = '';
  // The window up to now is sent with the fleet as it was; a fault the scheduler injects starts now.
  const step = async (): Promise<void> => {
    const now = Date.now();
    if (now > loop.sentUntil) {
      const from = loop.sentUntil;
      loop.sentUntil = now;
      try {
        await sendWindow(loop, from, now);
        lastError = '';
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastError) options.log(`demo: sending telemetry failed: ${message}`);
        lastError = message;
      }
    }
    const tick = scheduler?.tick(Date.now());
    if (tick?.injected) options.log(`demo: fault ${tick.injected} injected`);
    for (const name of tick?.expired ?? []) options.log(`demo: fault ${name} ended on its own`);
  };
  // Catch up on the time the warm-up took, healthy, before anything breaks.
  await step();
  const startedAt = Date.now();
  if (options.schedule)
    scheduler = createFaultScheduler(state, options.speed, startedAt, options.schedule);
  if (options.fault) state.inject(options.fault, startedAt);
  options.log(
    `demo: ${options.fault ? `fault ${options.fault} injected; ` : ''}fleet running at speed ${options.speed}, control endpoint ${control.origin}`,
  );

  const flush = (): Promise<void> => {
    running = running.then(step);
    return running;
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void flush().then(schedule), options.tickMs ?? 1_000);
  };
  schedule();

  return {
    controlOrigin: control.origin,
    state,
    flush,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await control.close();
    },
  };
}
