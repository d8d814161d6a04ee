import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../store/create-store';
import { createInProcessBus } from './in-process-bus';
import { createWriteAheadBus } from './write-ahead-bus';

const dirs: string[] = [];
const stores: Store[] = [];

async function openStore(dataDir?: string): Promise<{ store: Store; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'vigil-wal-')));
  if (!dataDir) dirs.push(dir);
  const store = await createStore({ kind: 'sqlite', dataDir: dir });
  stores.push(store);
  return { store, dataDir: dir };
}

const journaledBus = (store: Store) =>
  createWriteAheadBus(createInProcessBus({ onHandlerError: () => undefined }), store.busJournal, {
    topics: new Set(['records.logs']),
    onError: (error) => {
      throw error;
    },
    flushEveryMs: 10,
  });

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('write-ahead bus', () => {
  it('replays, in order, what was accepted but not handled before the process died', async () => {
    const first = await openStore();
    const dying = journaledBus(first.store);
    dying.subscribe('records.logs', 'detector', () => new Promise(() => undefined));
    for (const n of [1, 2, 3]) await dying.publish('records.logs', { records: [n] }, 1);
    // No close, no flush: the process is gone.
    await first.store.close();

    const second = await openStore(first.dataDir);
    const bus = journaledBus(second.store);
    const seen: unknown[] = [];
    bus.subscribe<{ records: number[] }>('records.logs', 'detector', ({ records }) => {
      seen.push(...records);
    });
    expect(await bus.replay()).toBe(3);
    await bus.drain();
    expect(seen).toEqual([1, 2, 3]);
    await bus.close();
    expect(await second.store.busJournal.list(0, 10)).toEqual([]);
  });

  it('keeps an entry until every subscribed group has handled it', async () => {
    const { store } = await openStore();
    const bus = journaledBus(store);
    let release = (): void => undefined;
    bus.subscribe('records.logs', 'fast', () => undefined);
    bus.subscribe(
      'records.logs',
      'slow',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    await bus.publish('records.logs', { records: ['a'] }, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.busJournal.list(0, 10)).toHaveLength(1);
    release();
    await bus.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.busJournal.list(0, 10)).toHaveLength(0);
    await bus.close();
  });

  it('passes other topics straight through without journaling them', async () => {
    const { store } = await openStore();
    const bus = journaledBus(store);
    const seen: unknown[] = [];
    bus.subscribe('anomalies.detected', 'orchestrator', (message) => {
      seen.push(message);
    });
    await bus.publish('anomalies.detected', { items: [] });
    await bus.drain();
    expect(seen).toEqual([{ items: [] }]);
    expect(await store.busJournal.list(0, 10)).toEqual([]);
    await bus.close();
  });
});
