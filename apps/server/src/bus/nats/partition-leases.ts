import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { Topic } from '../bus';
import type { NatsBusConfig } from './nats-bus-config';
import { leaseStream, leaseSubject, memberSubject, membersFilter } from './subjects';

export interface LeaseKeeperOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  config: NatsBusConfig;
  group: string;
  topic: Topic;
  partitions: number;
  /** This worker now owns the partition: start handling it. */
  onGain: (partition: number) => void;
  /** It no longer does: stop handling it (resolve once the message in hand is finished). */
  onLose: (partition: number) => Promise<void>;
  onError: (error: unknown) => void;
}

export interface LeaseKeeper {
  owned(): readonly number[];
  /** Releases every lease so the other workers take over at once. */
  stop(): Promise<void>;
}

/**
 * Each partition of a group is owned by one worker at a time. A lease is the single message of
 * its subject in a stream whose messages expire after `leaseTtlMs`: claiming publishes with
 * "expected last subject sequence 0" (no live lease), renewing with the sequence we last wrote,
 * so two workers never both succeed. Every worker aims at its fair share of the partitions
 * (partitions / live members, rounded up), so a joining worker gets partitions handed over and a
 * dead worker's partitions are claimed by the others once its leases expire.
 */
export function startLeaseKeeper(options: LeaseKeeperOptions): LeaseKeeper {
  const { js, jsm, config, group, topic, partitions } = options;
  const stream = leaseStream(config.prefix);
  const held = new Map<number, number>();
  // Start the scan at a different partition per worker so claims rarely collide.
  const offset = Math.abs(hashOf(config.workerId)) % partitions;
  let stopped = false;
  let ticking: Promise<void> = Promise.resolve();

  const publishLease = async (partition: number, expected: number): Promise<number | null> => {
    try {
      const ack = await js.publish(
        leaseSubject(config.prefix, group, topic, partition),
        config.workerId,
        {
          expect: { lastSubjectSequence: expected },
        },
      );
      return ack.seq;
    } catch {
      return null;
    }
  };

  const liveMembers = async (): Promise<number> => {
    const info = await jsm.streams.info(stream, {
      subjects_filter: membersFilter(config.prefix, group, topic),
    });
    return Math.max(1, Object.keys(info.state.subjects ?? {}).length);
  };

  const release = async (partition: number): Promise<void> => {
    held.delete(partition);
    await options.onLose(partition);
    await jsm.streams
      .purge(stream, { filter: leaseSubject(config.prefix, group, topic, partition) })
      .catch(options.onError);
  };

  const tick = async (): Promise<void> => {
    await js.publish(memberSubject(config.prefix, group, topic, config.workerId), config.workerId);
    for (const [partition, seq] of [...held]) {
      const next = await publishLease(partition, seq);
      if (next === null) {
        held.delete(partition);
        await options.onLose(partition);
      } else held.set(partition, next);
    }
    const target = Math.ceil(partitions / (await liveMembers()));
    for (const partition of [...held.keys()].sort((a, b) => b - a)) {
      if (held.size <= target) break;
      await release(partition);
    }
    for (let step = 0; step < partitions && held.size < target && !stopped; step += 1) {
      const partition = (offset + step) % partitions;
      if (held.has(partition)) continue;
      const seq = await publishLease(partition, 0);
      if (seq === null) continue;
      held.set(partition, seq);
      options.onGain(partition);
    }
  };

  const schedule = (): void => {
    ticking = ticking.then(() => (stopped ? undefined : tick().catch(options.onError)));
  };
  schedule();
  const timer = setInterval(schedule, Math.max(200, Math.floor(config.leaseTtlMs / 3)));

  return {
    owned: () => [...held.keys()],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await ticking;
      for (const partition of [...held.keys()]) await release(partition);
      await jsm.streams
        .purge(stream, { filter: memberSubject(config.prefix, group, topic, config.workerId) })
        .catch(options.onError);
    },
  };
}

function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}
