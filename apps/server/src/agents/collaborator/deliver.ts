import { monotonicFactory } from 'ulid';
import type { Bus } from '../../bus/bus';
import type { NotificationSentMessage } from '../../bus/messages';
import type { Clock } from '../../shared/clock';
import type { NotificationsRepository } from '../../store/notifications-repository';
import type { SecretMasker } from '../shared/safe-http/secret-mask';
import type { Channel } from './channels';
import type { Notification } from './compose-notification';

const newId = monotonicFactory();

export interface DeliverDeps {
  notifications: NotificationsRepository;
  bus: Bus;
  clock: Clock;
  masker: SecretMasker;
  maxAttempts: number;
  retryDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends one notification on one channel with a bounded number of attempts. The delivery log
 * (notifications repository) records every try; `notifications.sent` feeds the audit trail.
 */
export async function deliver(
  channel: Channel,
  notification: Notification,
  deps: DeliverDeps,
): Promise<NotificationSentMessage> {
  const id = newId(deps.clock.now());
  const details = {
    recipients: channel.recipients,
    error: null,
    subject: notification.subject,
    event: notification.event,
  };
  await deps.notifications.insert({
    id,
    channel: channel.kind,
    incidentId: notification.incidentId,
    status: 'pending',
    attempts: 0,
    createdAt: deps.clock.now(),
    details,
  });
  let attempts = 0;
  let error: string | null = null;
  while (attempts < deps.maxAttempts) {
    attempts += 1;
    try {
      await channel.send(notification);
      error = null;
      break;
    } catch (failure) {
      error = deps.masker.text(describe(failure));
      await deps.notifications.update(id, { attempts, details: { ...details, error } });
      if (attempts < deps.maxAttempts) await deps.sleep(deps.retryDelayMs * 2 ** (attempts - 1));
    }
  }
  const status = error === null ? 'sent' : 'failed';
  await deps.notifications.update(id, { status, attempts, details: { ...details, error } });
  const message: NotificationSentMessage = {
    notificationId: id,
    channel: channel.kind,
    recipients: channel.recipients,
    subject: notification.subject,
    incidentId: notification.incidentId,
    status,
    attempts,
    error,
  };
  await deps.bus.publish('notifications.sent', message);
  return message;
}
