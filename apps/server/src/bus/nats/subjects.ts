import type { Topic } from '../bus';

/** Topics split by component; the others keep one partition, so their order is global. */
export const PARTITIONED_TOPICS: ReadonlySet<Topic> = new Set([
  'records.logs',
  'records.spans',
  'records.metrics',
]);

export const partitionsOf = (topic: Topic, partitions: number): number =>
  PARTITIONED_TOPICS.has(topic) ? partitions : 1;

/** NATS names allow no `.`, `*`, `>` or spaces in stream and consumer names. */
export const nameToken = (text: string): string => text.replace(/[^A-Za-z0-9_-]/g, '_');

export const streamName = (prefix: string, topic: Topic): string =>
  `${prefix}_${nameToken(topic)}`.toUpperCase();

export const topicSubjects = (prefix: string, topic: Topic): string => `${prefix}.${topic}.*`;

export const partitionSubject = (prefix: string, topic: Topic, partition: number): string =>
  `${prefix}.${topic}.p${partition}`;

/** The durable consumer of one group on one partition; `__` separates the group for depth reports. */
export const partitionConsumer = (group: string, partition: number): string =>
  `${nameToken(group)}__p${partition}`;

export const processConsumer = (group: string, workerId: string): string =>
  `${nameToken(group)}__w${nameToken(workerId)}`;

export const groupOfConsumer = (durable: string): string => durable.split('__')[0] ?? durable;

export const leaseStream = (prefix: string): string => `${prefix}_LEASES`.toUpperCase();

export const leaseSubject = (
  prefix: string,
  group: string,
  topic: Topic,
  partition: number,
): string => `${prefix}.lease.${nameToken(group)}.${nameToken(topic)}.p${partition}`;

export const memberSubject = (
  prefix: string,
  group: string,
  topic: Topic,
  workerId: string,
): string =>
  `${prefix}.lease.${nameToken(group)}.${nameToken(topic)}.members.${nameToken(workerId)}`;

export const membersFilter = (prefix: string, group: string, topic: Topic): string =>
  `${prefix}.lease.${nameToken(group)}.${nameToken(topic)}.members.*`;

/** FNV-1a: stable across processes and releases, so a component always lands in the same partition. */
export function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % partitions;
}
