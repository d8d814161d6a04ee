import type { Store } from '../store/create-store';
import { announceOnce } from './announce-once-bus';
import type { Bus, Topic } from './bus';
import { createInProcessBus } from './in-process-bus';
import { createNatsBus } from './nats/nats-bus';
import type { NatsBusConfig } from './nats/nats-bus-config';
import type { NatsBusSettings } from './nats/nats-bus-settings';
import { DETECTOR_LEDGER, withProcessedLedger } from './processed-ledger-bus';
import { createWriteAheadBus } from './write-ahead-bus';

/** Which bus the pipeline runs on: in-process (embedded, the default) or NATS JetStream (scale-out). */
export type BusChoice = { kind: 'in-process' } | { kind: 'nats'; config: NatsBusConfig };

export interface PipelineBus {
  bus: Bus;
  /**
   * Call once every subscriber is in place, before answering traffic: replays what a killed
   * embedded process accepted but never handled; on NATS, waits for consumers and leases.
   */
  start(): Promise<void>;
}

export interface PipelineBusOptions {
  onHandlerError: (topic: Topic, group: string, error: unknown) => void;
  onError: (error: unknown) => void;
  now: () => number;
  /** In-process: the detector's record batches handled at once (read as each one finishes). */
  detectorBatches?: () => number;
  /** NATS: the detector's pub/sub and worker settings, read live (memoised per save). */
  natsSettings?: () => NatsBusSettings;
}

const RECORD_TOPICS: ReadonlySet<Topic> = new Set([
  'records.logs',
  'records.spans',
  'records.metrics',
]);

export async function createPipelineBus(
  choice: BusChoice,
  store: Store,
  options: PipelineBusOptions,
): Promise<PipelineBus> {
  if (choice.kind === 'nats') {
    const nats = await createNatsBus(choice.config, {
      onHandlerError: options.onHandlerError,
      onError: options.onError,
      ...(options.natsSettings ? { settings: options.natsSettings } : {}),
    });
    return {
      bus: announceOnce(withProcessedLedger(nats, store.processedRecords, options)),
      start: () => nats.ready(),
    };
  }
  const journaled = createWriteAheadBus(
    createInProcessBus({
      onHandlerError: options.onHandlerError,
      concurrency: (topic, group) =>
        topic === DETECTOR_LEDGER.topic && group === DETECTOR_LEDGER.group
          ? (options.detectorBatches?.() ?? 1)
          : 1,
    }),
    store.busJournal,
    { topics: RECORD_TOPICS, onError: options.onError },
  );
  return {
    bus: announceOnce(withProcessedLedger(journaled, store.processedRecords, options)),
    start: async () => {
      await journaled.replay();
    },
  };
}
