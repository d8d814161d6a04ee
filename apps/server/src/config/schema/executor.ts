import { defineSection } from '../field';
import { bool, int, list, num, str } from './kinds';

const owner = 'executor' as const;
const prefix = 'agents.executor';
// The executor's business-hours check works in whole hours; 24:00 closes at midnight.
const WHOLE_HOUR = /^(([01]\d|2[0-3]):00|24:00)$/;
// `host` or `host:port` (an entry with a port allows only that port); IPv6 in brackets.
const HOST_ENTRY = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The executor runs approved actions; safety_validation.* (fixed keys) gates every run. */
export const EXECUTOR_FIELDS = [
  ...defineSection(
    prefix,
    { owner, section: 'Execution' },
    {
      max_concurrent_executions: int(5, 1, 20, 'Executions running at once across all actions.'),
      default_timeout_seconds: int(300, 30, 3600, 'Timeout of an action that sets none.'),
      max_retries: int(3, 0, 10, 'Retries of a failed execution.'),
      retry_delay_seconds: int(5, 1, 120, 'Delay between retries.'),
      validation_timeout_seconds: int(
        30,
        5,
        300,
        'Time allowed for pre-execution validation (resolving and checking the target host); past it the execution is refused.',
      ),
      concurrent_limit: int(
        10,
        1,
        100,
        'Default per-action concurrent limit when its safety constraints set none.',
      ),
      verification_window_seconds: int(
        300,
        10,
        3600,
        'Time after a run in which recovery is verified.',
      ),
      auto_execute: bool(false, 'Run matched approved actions without a person starting them.'),
      approval_required: bool(true, 'Automatic runs wait for approval.'),
    },
  ),
  ...defineSection(
    `${prefix}.rate_limit`,
    { owner, section: 'Rate Limit' },
    {
      window_minutes: int(60, 1, 1440, 'Window of the execution rate limit, in minutes.'),
      max_executions: int(100, 1, 10000, 'Executions allowed in one window.'),
    },
  ),
  ...defineSection(
    `${prefix}.matching`,
    { owner, section: 'Action Matching' },
    {
      keyword_weight: num(0.5, 0, 1, 'Weight of keyword overlap in action matching.'),
      tag_weight: num(0.3, 0, 1, 'Weight of tag overlap in action matching.'),
      description_weight: num(0.2, 0, 1, 'Weight of description similarity in action matching.'),
    },
  ),
];

export const SAFETY_VALIDATION_FIELDS = [
  ...defineSection(
    'safety_validation',
    { owner, section: 'Safety Validation' },
    {
      host_allowlist: list(
        [],
        'Private or loopback hosts an action may call, one `host` or `host:port` per line.',
        { pattern: HOST_ENTRY, patternMessage: 'Expected host or host:port' },
      ),
      dry_run_default: bool(false, 'An execution that does not say dry_run runs as a dry run.'),
      kill_switch: bool(false, 'Refuse every execution while on.'),
    },
  ),
  ...defineSection(
    'safety_validation.business_hours',
    { owner, section: 'Safety Validation' },
    {
      timezone: str('UTC', 'IANA time zone of business hours.', {
        pattern: /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/,
        patternMessage: 'Expected an IANA time zone',
      }),
      start: str('09:00', 'Start of business hours (a whole hour, HH:00).', {
        pattern: WHOLE_HOUR,
        patternMessage: 'Expected a whole hour (HH:00)',
      }),
      end: str('17:00', 'End of business hours (a whole hour, HH:00; 24:00 = midnight).', {
        pattern: WHOLE_HOUR,
        patternMessage: 'Expected a whole hour (HH:00)',
      }),
      days: list(['mon', 'tue', 'wed', 'thu', 'fri'], 'Business days.', { options: WEEKDAYS }),
    },
  ),
];
