import nodemailer from 'nodemailer';
import type { SafeHttpClient } from '../shared/safe-http/safe-http-client';
import type { EmailServiceConfig, WebhookConfig } from './collaborator-config';
import type { Notification } from './compose-notification';

/** One delivery channel: sends one notification once, throwing on failure. */
export interface Channel {
  kind: 'email' | 'webhook';
  recipients: string[];
  send(notification: Notification): Promise<void>;
}

export function emailChannel(config: EmailServiceConfig): Channel {
  const timeoutMs = config.email_timeout_seconds * 1_000;
  const transport = nodemailer.createTransport({
    host: config.smtp_server,
    port: config.smtp_port,
    secure: config.smtp_port === 465,
    ignoreTLS: !config.use_starttls,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    ...(config.smtp_username
      ? { auth: { user: config.smtp_username, pass: config.smtp_password } }
      : {}),
  });
  return {
    kind: 'email',
    recipients: config.recipients,
    async send(notification) {
      try {
        await transport.sendMail({
          from: config.sender_email,
          to: config.recipients,
          subject: notification.subject,
          text: notification.text,
        });
      } finally {
        transport.close();
      }
    },
  };
}

/** A generic JSON webhook; `text` makes it a valid Slack incoming-webhook payload too. */
export function webhookChannel(
  config: WebhookConfig,
  client: SafeHttpClient,
  timeoutMs: number,
): Channel {
  let host = 'webhook';
  try {
    host = new URL(config.url).host;
  } catch {
    // the client reports the bad URL when it sends
  }
  return {
    kind: 'webhook',
    recipients: [host],
    async send(notification) {
      const payload = {
        text: `*${notification.subject}*\n${notification.text}`,
        event: notification.event,
        subject: notification.subject,
        body: notification.text,
        incident_id: notification.incidentId,
      };
      const response = await client.request({
        method: 'POST',
        url: config.url,
        headers: { ...config.headers, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        timeoutMs,
      });
      if (response.status < 200 || response.status >= 300)
        throw new Error(`Webhook answered HTTP ${response.status}`);
    },
  };
}
