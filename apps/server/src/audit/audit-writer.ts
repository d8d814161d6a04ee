import type { Bus } from '../bus/bus';
import type {
  AnomaliesDetected,
  AnomalyFeedbackMessage,
  ExecutionChangedMessage,
  IncidentChangedMessage,
  NotificationSentMessage,
} from '../bus/messages';
import { toIso, type Clock } from '../shared/clock';
import type { AuditEntryInput } from '../store/audit-repository';
import type { Store } from '../store/create-store';
import { blankEntry, executionEntry, incidentEntry, notificationEntry } from './audit-entries';

/**
 * The audit trail is written here, by a subscriber, not by each agent by hand (ARCHITECTURE.md).
 * Each bus message becomes its entries in one append, so the hash chain is extended once per batch.
 */
export function startAuditWriter(bus: Bus, store: Store, clock: Clock): () => void {
  const offDetected = bus.subscribe<AnomaliesDetected>(
    'anomalies.detected',
    'audit',
    async ({ items }) => {
      await store.audit.appendMany(
        items.map(({ anomaly }): AuditEntryInput => ({
          ...blankEntry(anomaly.timestamp),
          type: 'anomaly_detected',
          description: `Anomaly detected in ${anomaly.source_system}: ${anomaly.description.slice(0, 200)}`,
          severity: anomaly.severity,
          anomaly_event_id: anomaly.id,
          affected_services: [anomaly.source_system],
          trace_id: anomaly.context.trace_id,
          triggered_by: 'anomaly_detector',
          agents_involved: ['anomaly_detector'],
          metadata: {
            score: anomaly.score,
            reason: anomaly.detection.reason,
            template_id: anomaly.context.template_id ?? null,
          },
        })),
      );
    },
  );
  const offFeedback = bus.subscribe<AnomalyFeedbackMessage>(
    'anomalies.feedback',
    'audit',
    async (message) => {
      await store.audit.append({
        ...blankEntry(toIso(clock.now())),
        type: 'anomaly_feedback',
        description: `Anomaly ${message.anomalyId} marked ${message.verdict.replace('_', ' ')} by ${message.by}`,
        severity: 'low',
        anomaly_event_id: message.anomalyId,
        affected_services: [message.component],
        triggered_by: message.by,
        agents_involved: ['anomaly_detector'],
        metadata: { verdict: message.verdict, template_id: message.templateId },
      });
    },
  );
  const stamp = (): string => toIso(clock.now());
  const offExecutions = bus.subscribe<ExecutionChangedMessage>(
    'executions.changed',
    'audit',
    async (message) => {
      const entry = executionEntry(message, stamp());
      if (entry) await store.audit.append(entry);
    },
  );
  const offNotifications = bus.subscribe<NotificationSentMessage>(
    'notifications.sent',
    'audit',
    async (message) => {
      await store.audit.append(notificationEntry(message, stamp()));
    },
  );
  const offIncidents = bus.subscribe<IncidentChangedMessage>(
    'incidents.changed',
    'audit',
    async (message) => {
      if (message.change !== 'opened' && message.change !== 'closed') return;
      const entry = incidentEntry(message, await store.incidents.get(message.incidentId), stamp());
      if (entry) await store.audit.append(entry);
    },
  );
  return () => {
    offDetected();
    offFeedback();
    offExecutions();
    offNotifications();
    offIncidents();
  };
}
