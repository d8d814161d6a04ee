import type { Execution } from '@vigil/contract';
import type { ExecutionChangedMessage, IncidentChangedMessage } from '../../bus/messages';
import type { Incident } from '../../store/incidents-repository';
import type { NotifyOn } from './collaborator-config';

/** What one notification says, whatever the channel. */
export interface Notification {
  event:
    | 'incident_opened'
    | 'incident_closed'
    | 'action_executed'
    | 'action_failed'
    | 'approval_needed'
    | 'verification_failed';
  subject: string;
  text: string;
  incidentId: number | null;
}

const incidentRef = (id: number | null): string =>
  id === null ? 'no incident' : `incident #${id}`;

export function incidentNotification(
  message: IncidentChangedMessage,
  incident: Incident | null,
  notifyOn: NotifyOn,
): Notification | null {
  if (message.change !== 'opened' && message.change !== 'closed') return null;
  if (message.change === 'opened' && !notifyOn.incident_opened) return null;
  if (message.change === 'closed' && !notifyOn.incident_closed) return null;
  const where = incident?.rootComponent ? ` on ${incident.rootComponent}` : '';
  const lines = [
    `Incident #${message.incidentId}${where} was ${message.change}.`,
    incident ? `Events: ${incident.countTotal} (${incident.countSuppressed} suppressed).` : '',
    incident && incident.impactScope.length > 0
      ? `Affected services: ${incident.impactScope.join(', ')}.`
      : '',
  ].filter((line) => line !== '');
  return {
    event: message.change === 'opened' ? 'incident_opened' : 'incident_closed',
    subject: `[Vigil] Incident #${message.incidentId} ${message.change}${where}`,
    text: lines.join('\n'),
    incidentId: message.incidentId,
  };
}

const describeExecution = (execution: Execution, affected: string[]): string[] =>
  [
    `Action: ${execution.action_name} (${execution.action_id})`,
    `Execution: ${execution.id}, status ${execution.status}, retries ${execution.retry_count}`,
    execution.duration_seconds === null
      ? ''
      : `Duration: ${execution.duration_seconds.toFixed(1)} s`,
    execution.error_message ? `Error: ${execution.error_message}` : '',
    affected.length > 0 ? `Affected services: ${affected.join(', ')}` : '',
    `Triggered by: ${execution.triggered_by}`,
  ].filter((line) => line !== '');

/** Execution records arrive masked: nothing here can reveal a secret the executor held. */
export function executionNotification(
  { execution, change, affectedServices }: ExecutionChangedMessage,
  notifyOn: NotifyOn,
): Notification | null {
  if (execution.dry_run) return null;
  const ref = incidentRef(execution.incident_id);
  const details = describeExecution(execution, affectedServices);
  if (change === 'created' && execution.status === 'pending_approval' && notifyOn.approval_needed) {
    return {
      event: 'approval_needed',
      subject: `[Vigil] Approval needed: ${execution.action_name} for ${ref}`,
      text: ['An automatic execution waits for approval.', ...details].join('\n'),
      incidentId: execution.incident_id,
    };
  }
  if (change === 'finished' && execution.status === 'success' && notifyOn.action_executed) {
    return {
      event: 'action_executed',
      subject: `[Vigil] Action ${execution.action_name} succeeded for ${ref}`,
      text: details.join('\n'),
      incidentId: execution.incident_id,
    };
  }
  if (
    change === 'finished' &&
    (execution.status === 'failed' || execution.status === 'timeout') &&
    notifyOn.action_failed
  ) {
    return {
      event: 'action_failed',
      subject: `[Vigil] Action ${execution.action_name} ${execution.status === 'timeout' ? 'timed out' : 'failed'} for ${ref}`,
      text: details.join('\n'),
      incidentId: execution.incident_id,
    };
  }
  if (change === 'verification_failed' && notifyOn.verification_failed) {
    return {
      event: 'verification_failed',
      subject: `[Vigil] Verification failed after ${execution.action_name} for ${ref}: escalating`,
      text: [
        'New anomalies kept arriving from the affected services during the verification window. A person needs to look.',
        ...details,
      ].join('\n'),
      incidentId: execution.incident_id,
    };
  }
  return null;
}
