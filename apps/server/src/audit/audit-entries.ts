import type { AuditExecutionStatus, Severity } from '@vigil/contract';
import type {
  ExecutionChangedMessage,
  IncidentChangedMessage,
  NotificationSentMessage,
} from '../bus/messages';
import type { AuditEntryInput } from '../store/audit-repository';
import type { Incident } from '../store/incidents-repository';

/** Every field an entry may leave empty, empty. */
export function blankEntry(
  timestamp: string,
): Omit<AuditEntryInput, 'type' | 'description' | 'severity' | 'triggered_by'> {
  return {
    timestamp,
    incident_id: null,
    anomaly_event_id: null,
    action_name: null,
    execution_status: null,
    retry_count: null,
    execution_duration: null,
    affected_services: [],
    root_component: null,
    trace_id: null,
    agents_involved: [],
    error_message: null,
    metadata: {},
  };
}

const FINISHED: Partial<Record<string, AuditExecutionStatus>> = {
  success: 'success',
  failed: 'failed',
  timeout: 'timeout',
};
const SEVERITY: Record<AuditExecutionStatus, Severity> = {
  success: 'low',
  pending: 'low',
  running: 'low',
  failed: 'high',
  timeout: 'high',
};

/** `action_executed` for a finished real run; `action_approved` for an operator's decision. */
export function executionEntry(
  message: ExecutionChangedMessage,
  timestamp: string,
): AuditEntryInput | null {
  const { execution, change, affectedServices, by } = message;
  if (execution.dry_run) return null;
  const common = {
    ...blankEntry(timestamp),
    incident_id: execution.incident_id,
    anomaly_event_id: execution.anomaly_event_id,
    action_name: execution.action_name,
    affected_services: affectedServices,
    agents_involved: ['executor'],
  };
  const status = FINISHED[execution.status];
  if (change === 'finished' && status) {
    const verb = status === 'success' ? 'succeeded' : status === 'timeout' ? 'timed out' : 'failed';
    return {
      ...common,
      type: 'action_executed',
      description: `Action ${execution.action_name} ${verb} after ${execution.retry_count} retr${execution.retry_count === 1 ? 'y' : 'ies'}`,
      severity: SEVERITY[status],
      execution_status: status,
      retry_count: execution.retry_count,
      execution_duration: execution.duration_seconds,
      error_message: execution.error_message,
      triggered_by: execution.triggered_by,
      metadata: {
        execution_id: execution.id,
        action_id: execution.action_id,
        response_status: execution.response_status,
        approved_by: execution.approved_by,
        method: execution.request?.method ?? null,
        url: execution.request?.url ?? null,
      },
    };
  }
  if (change === 'approved' || change === 'rejected') {
    const who = by ?? 'operator';
    return {
      ...common,
      type: 'action_approved',
      description: `Execution of ${execution.action_name} ${change} by ${who}`,
      severity: 'medium',
      triggered_by: who,
      metadata: {
        execution_id: execution.id,
        action_id: execution.action_id,
        decision: change,
        decided_by: who,
        decided_at: timestamp,
      },
    };
  }
  return null;
}

export function notificationEntry(
  message: NotificationSentMessage,
  timestamp: string,
): AuditEntryInput {
  const sent = message.status === 'sent';
  return {
    ...blankEntry(timestamp),
    type: 'notification_sent',
    description:
      `${message.channel === 'email' ? 'Email' : 'Webhook'} ${sent ? 'sent' : 'failed'}: ${message.subject}`.slice(
        0,
        500,
      ),
    severity: sent ? 'low' : 'medium',
    incident_id: message.incidentId,
    triggered_by: 'collaborator',
    agents_involved: ['collaborator'],
    error_message: message.error,
    metadata: {
      notification_id: message.notificationId,
      channel: message.channel,
      recipients: message.recipients,
      status: message.status,
      attempts: message.attempts,
    },
  };
}

export function incidentEntry(
  message: IncidentChangedMessage,
  incident: Incident | null,
  timestamp: string,
): AuditEntryInput | null {
  if (message.change !== 'opened' && message.change !== 'closed') return null;
  return {
    ...blankEntry(timestamp),
    type: message.change === 'opened' ? 'incident_opened' : 'incident_closed',
    description: `Incident #${message.incidentId} ${message.change}${incident?.rootComponent ? ` on ${incident.rootComponent}` : ''}`,
    severity: message.change === 'opened' ? 'high' : 'low',
    incident_id: message.incidentId,
    affected_services: incident?.impactScope ?? [],
    root_component: incident?.rootComponent ?? null,
    trace_id: incident?.traceId ?? null,
    triggered_by: 'orchestrator',
    agents_involved: ['orchestrator'],
  };
}
