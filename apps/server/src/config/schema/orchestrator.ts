import { defineSection } from '../field';
import { bool, int, num, storedOnly } from './kinds';

const owner = 'orchestrator' as const;
const prefix = 'agents.orchestrator';

/** The orchestrator groups anomalies into incidents and watches the other agents. */
export const ORCHESTRATOR_FIELDS = [
  ...defineSection(
    prefix,
    { owner, section: 'Timeouts' },
    storedOnly({
      timeout_seconds: int(
        30,
        1,
        300,
        'Time allowed for one agent step before the orchestrator gives up on it.',
      ),
      health_check_timeout_seconds: int(5, 1, 60, 'Time allowed for one agent health probe.'),
    }),
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Grouping' },
    {
      similarity_threshold: num(
        0.8,
        0,
        1,
        'Template similarity at or above which two anomalies count as similar (burst and similarity grouping).',
      ),
      burst_threshold: int(
        5,
        1,
        100,
        'Anomalies within the burst window that make a burst (count, not a ratio).',
      ),
      dedup_window_seconds: int(300, 10, 3600, 'How far back duplicates are looked for.'),
      burst_window_seconds: int(600, 10, 3600, 'Window in which the burst threshold is counted.'),
      coalesce_window_seconds: int(
        300,
        10,
        3600,
        'Window in which related anomalies join one incident.',
      ),
      quiet_period_seconds: int(
        1800,
        60,
        86400,
        'Silence after which an incident is considered quiet and may close.',
      ),
    },
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Enrichment' },
    storedOnly({
      enrichment_interval_seconds: int(
        10,
        1,
        300,
        'How often open incidents are enriched with fresh analysis.',
      ),
      enrichment_lookback_seconds: int(
        60,
        1,
        300,
        'How far back enrichment looks for related records.',
      ),
    }),
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Agent Registry' },
    storedOnly({
      discovery_interval_seconds: int(
        300,
        30,
        3600,
        'How often agents (local and remote workers) are discovered.',
      ),
      registry_health_interval_seconds: int(30, 5, 300, 'How often registered agents are probed.'),
      cleanup_interval_seconds: int(
        3600,
        300,
        86400,
        'How often closed incidents past retention are pruned.',
      ),
      max_history: int(1000, 100, 10000, 'Incidents kept in memory for grouping.'),
    }),
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Monitoring' },
    storedOnly({
      metrics_interval_seconds: int(60, 10, 600, 'How often pipeline metrics are sampled.'),
      alert_threshold: num(0.8, 0, 1, 'Agent error ratio at which an agent is reported unhealthy.'),
      max_error_rate: num(0.05, 0, 1, 'Error rate above which the pipeline health degrades.'),
      max_response_time_seconds: int(
        30,
        1,
        300,
        'Agent response time above which health degrades.',
      ),
    }),
  ),
];

/** Orchestrator security: the spec fixes these keys under `security.*`. */
export const SECURITY_FIELDS = defineSection(
  'security',
  { owner, section: 'Security' },
  {
    jwt_expiry: int(3600, 300, 86400, 'Lifetime in seconds of console session tokens (JWT).'),
    rate_limit_window: int(60, 60, 86400, 'Window in seconds of the API rate limit.'),
    max_requests: int(10000, 10, 100000, 'Requests allowed per client in one rate-limit window.'),
    require_api_token: bool(
      false,
      'Require the API token even on loopback (always required when VIGIL_API_TOKEN is set).',
      { usedByDeployment: false },
    ),
  },
);
