import type { ExecutionChangedMessage, IncidentChangedMessage } from '../../bus/messages';
import type { Agent, AgentContext } from '../shared/agent';
import type { AgentHealthTracker } from '../shared/agent-health';
import type { SafeHttpClient } from '../shared/safe-http/safe-http-client';
import { createSecretMasker, looksSecret } from '../shared/safe-http/secret-mask';
import { emailChannel, webhookChannel, type Channel } from './channels';
import { emailEnabled, webhookEnabled, type CollaboratorConfig } from './collaborator-config';
import {
  executionNotification,
  incidentNotification,
  type Notification,
} from './compose-notification';
import { deliver } from './deliver';

export interface CollaboratorAgentOptions {
  config: () => CollaboratorConfig;
  /** The executor's SSRF-guarded client: webhooks obey the same allowlist. */
  client: SafeHttpClient;
  health?: AgentHealthTracker;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function channelsFor(config: CollaboratorConfig, client: SafeHttpClient): Channel[] {
  const channels: Channel[] = [];
  if (emailEnabled(config)) channels.push(emailChannel(config.email_service));
  if (webhookEnabled(config))
    channels.push(
      webhookChannel(config.webhook, client, config.email_service.email_timeout_seconds * 1_000),
    );
  return channels;
}

/** Secrets of the collaborator's own config (SMTP password, webhook tokens) never reach the log. */
function configSecrets(config: CollaboratorConfig): string[] {
  const fromHeaders = Object.entries(config.webhook.headers)
    .filter(([name]) => looksSecret(name))
    .map(([, value]) => value);
  return [config.email_service.smtp_password, ...fromHeaders].filter((value) => value !== '');
}

/** Tells people: email and webhook on incidents opened/closed, actions run or failed, failed verifications. */
export function createCollaboratorAgent(options: CollaboratorAgentOptions): Agent {
  let ctx: AgentContext | null = null;
  const offs: (() => void)[] = [];

  const send = async (notification: Notification | null): Promise<void> => {
    if (!ctx || !notification) return;
    const config = options.config();
    const masker = createSecretMasker(configSecrets(config));
    const deps = {
      notifications: ctx.store.notifications,
      bus: ctx.bus,
      clock: ctx.clock,
      masker,
      maxAttempts: Math.min(10, Math.max(1, config.max_attempts)),
      retryDelayMs: Math.max(0, config.retry_delay_seconds) * 1_000,
      sleep: options.sleep ?? realSleep,
    };
    for (const channel of channelsFor(config, options.client)) {
      const result = await deliver(channel, notification, deps);
      if (result.status === 'failed')
        options.health?.failed(new Error(result.error ?? 'delivery failed'), ctx.clock.now());
      else options.health?.processed(1, ctx.clock.now());
    }
  };

  return {
    id: 'collaborator',
    async start(context) {
      ctx = context;
      offs.push(
        context.bus.subscribe<IncidentChangedMessage>(
          'incidents.changed',
          'collaborator',
          async (message) => {
            const incident = await context.store.incidents.get(message.incidentId);
            await send(incidentNotification(message, incident, options.config().notify_on));
          },
        ),
        context.bus.subscribe<ExecutionChangedMessage>(
          'executions.changed',
          'collaborator',
          (message) => send(executionNotification(message, options.config().notify_on)),
        ),
      );
      options.health?.beat(context.clock.now());
    },
    async stop() {
      for (const off of offs.splice(0)) off();
      ctx = null;
    },
  };
}
