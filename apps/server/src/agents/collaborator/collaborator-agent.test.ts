import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentChangedMessage } from '../../bus/messages';
import { makeIncidentInput } from '../../store/test-factories';
import { createExecutorKit, type ExecutorKit } from '../../testing/executor-kit';
import { answer, startLocalTarget, type LocalTarget } from '../shared/safe-http/local-target';

interface Mail {
  from: string;
  to: string[];
  data: string;
}

async function startSmtp(): Promise<{ port: number; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('collaborator', () => {
  let kit: ExecutorKit;
  let hook: LocalTarget;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeEach(async () => {
    hook = await startLocalTarget();
    smtp = await startSmtp();
    kit = await createExecutorKit();
    Object.assign(kit.collaborator.email_service, {
      smtp_server: '127.0.0.1',
      smtp_port: smtp.port,
      sender_email: 'vigil@example.com',
      recipients: ['oncall@example.com', 'lead@example.com'],
      email_timeout_seconds: 5,
      use_starttls: false,
    });
    kit.collaborator.webhook.url = `${hook.origin}/slack`;
  });
  afterEach(async () => {
    await kit.app.dispose();
    await hook.close();
    await smtp.close();
  });

  it('emails and posts a webhook when an incident opens, logs delivery and audits it', async () => {
    const incident = await kit.app.store.incidents.create(
      makeIncidentInput({ rootComponent: 'payments-gateway' }),
    );
    await kit.app.bus.publish('incidents.changed', {
      incidentId: incident.id,
      change: 'opened',
    } satisfies IncidentChangedMessage);
    await kit.idle();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.from).toBe('vigil@example.com');
    expect(mail?.to).toEqual(['oncall@example.com', 'lead@example.com']);
    expect(mail?.data).toContain(
      `Subject: [Vigil] Incident #${incident.id} opened on payments-gateway`,
    );
    expect(mail?.data).toContain('Affected services: checkout-api');
    const payload = JSON.parse(hook.requests[0]?.body ?? '{}') as { text: string; event: string };
    expect(payload.event).toBe('incident_opened');
    expect(payload.text).toContain(`Incident #${incident.id} opened`);
    const log = await kit.app.store.notifications.list({ limit: 10 });
    expect(log.items.map((n) => [n.channel, n.status, n.attempts]).sort()).toEqual([
      ['email', 'sent', 1],
      ['webhook', 'sent', 1],
    ]);
    const audit = await kit.app.store.audit.list({
      page: 1,
      pageSize: 10,
      type: 'notification_sent',
    });
    expect(audit.total).toBe(2);
    expect(
      (await kit.app.store.audit.list({ page: 1, pageSize: 10, type: 'incident_opened' })).total,
    ).toBe(1);
  });

  it('notifies on a failed action, retries a failing webhook and records the failure', async () => {
    hook.setHandler(answer(500));
    kit.collaborator.email_service.smtp_server = '';
    const target = await startLocalTarget(answer(500));
    try {
      const action = await kit.createAction({ url: `${target.origin}/x`, max_retries: 0 });
      await kit.execute({ action_id: action.id });
      await kit.idle();
      expect(hook.requests).toHaveLength(3);
      const [record] = (await kit.app.store.notifications.list({ limit: 10 })).items;
      expect(record).toMatchObject({ channel: 'webhook', status: 'failed', attempts: 3 });
      expect(record?.details.error).toBe('Webhook answered HTTP 500');
      const payload = JSON.parse(hook.requests[0]?.body ?? '{}') as { event: string };
      expect(payload.event).toBe('action_failed');
    } finally {
      await target.close();
    }
  });

  it('refuses a webhook to a private address that is not allowlisted', async () => {
    kit.config.allowlist = [];
    kit.collaborator.email_service.smtp_server = '';
    kit.collaborator.max_attempts = 1;
    const incident = await kit.app.store.incidents.create(makeIncidentInput());
    await kit.app.bus.publish('incidents.changed', {
      incidentId: incident.id,
      change: 'closed',
    } satisfies IncidentChangedMessage);
    await kit.idle();
    expect(hook.connections()).toBe(0);
    const [record] = (await kit.app.store.notifications.list({ limit: 10 })).items;
    expect(record?.details.error).toMatch(/^Refused/);
  });
});
