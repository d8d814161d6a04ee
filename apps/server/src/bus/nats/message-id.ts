import { createHash } from 'node:crypto';
import type { Topic } from '../bus';
import type { AnomaliesDetected } from '../messages';

/**
 * A worker killed after announcing anomalies but before acknowledging its records announces them
 * again on redelivery. The announcement's id is a hash of its anomaly ids (which derive from
 * record ids), so JetStream's duplicate window drops the repeat. Other topics carry no id.
 */
export function announcementId(topic: Topic, message: unknown): string | null {
  if (topic !== 'anomalies.detected') return null;
  const ids = (message as AnomaliesDetected).items.map((item) => item.anomaly.id);
  return createHash('sha256').update(ids.join('\n')).digest('base64url');
}
