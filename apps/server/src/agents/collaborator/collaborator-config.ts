/**
 * `collaborator.email_service.*` (names fixed by the spec) and the collaborator's own keys under
 * `agents.collaborator.*`. Defaults here until the settings issue wires them; read through a getter.
 */
export interface EmailServiceConfig {
  /** Empty: email is off. */
  smtp_server: string;
  smtp_port: number;
  sender_email: string;
  recipients: string[];
  email_timeout_seconds: number;
  smtp_username: string;
  smtp_password: string;
  /** Upgrade with STARTTLS when the server offers it (off only for local test servers). */
  use_starttls: boolean;
}

export interface WebhookConfig {
  /** Empty: the webhook is off. Sent through the executor's SSRF-guarded client and allowlist. */
  url: string;
  headers: Record<string, string>;
}

export interface NotifyOn {
  incident_opened: boolean;
  incident_closed: boolean;
  action_executed: boolean;
  action_failed: boolean;
  approval_needed: boolean;
  verification_failed: boolean;
}

export interface CollaboratorConfig {
  email_service: EmailServiceConfig;
  webhook: WebhookConfig;
  notify_on: NotifyOn;
  /** Delivery attempts per notification and channel (1–10). */
  max_attempts: number;
  retry_delay_seconds: number;
}

export const DEFAULT_COLLABORATOR_CONFIG: CollaboratorConfig = {
  email_service: {
    smtp_server: '',
    smtp_port: 587,
    sender_email: '',
    recipients: [],
    email_timeout_seconds: 30,
    smtp_username: '',
    smtp_password: '',
    use_starttls: true,
  },
  webhook: { url: '', headers: {} },
  notify_on: {
    incident_opened: true,
    incident_closed: true,
    action_executed: true,
    action_failed: true,
    approval_needed: true,
    verification_failed: true,
  },
  max_attempts: 3,
  retry_delay_seconds: 5,
};

export const emailEnabled = (config: CollaboratorConfig): boolean =>
  config.email_service.smtp_server.trim() !== '' &&
  config.email_service.recipients.length > 0 &&
  config.email_service.sender_email.trim() !== '';

export const webhookEnabled = (config: CollaboratorConfig): boolean =>
  config.webhook.url.trim() !== '';
