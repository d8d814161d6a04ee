import { defineSection } from '../field';
import { int, list, str } from './kinds';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The collaborator sends notifications; the email keys are fixed by the spec. */
export const COLLABORATOR_FIELDS = defineSection(
  'collaborator.email_service',
  { owner: 'collaborator', section: 'Email Service' },
  {
    smtp_server: str('', 'SMTP server host name; empty = email off.'),
    // Not a port Vigil listens on, so the 1024–65535 rule does not apply (587 is the default).
    smtp_port: int(587, 1, 65535, 'SMTP server port.'),
    smtp_user: str('', 'SMTP login; empty = no authentication.'),
    smtp_password: str('', 'SMTP password.', { secret: true }),
    sender_email: str('', 'From address of notifications.', {
      pattern: EMAIL,
      patternMessage: 'Expected an email address',
    }),
    recipients: list([], 'Recipients of incident notifications.', {
      pattern: EMAIL,
      patternMessage: 'Expected an email address',
    }),
    email_timeout_seconds: int(30, 1, 300, 'Timeout of one SMTP delivery.'),
  },
);
