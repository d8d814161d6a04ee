import { defineSection } from '../field';
import { bool, int, num } from './kinds';

const owner = 'orchestrator' as const;
const prefix = 'agents.orchestrator';

/** The orchestrator groups anomalies into incidents and watches the other agents. */
export const ORCHESTRATOR_FIELDS = [
  ...defineSection(
    prefix,
    { owner, section: 'Timeouts' },
    {
      timeout_seconds: int(
        30,
        1,
        300,
        'Time allowed for one orchestrator step (placing one batch, handling one incident message); a step past it is abandoned and reported as a failure on the orchestrator health, so the queue moves on.',
      ),
      health_check_timeout_seconds: int(
        5,
        1,
        60,
        'Grace allowed for one agent health probe: an agent silent for two loop beats (5 s each) plus this is reported unhealthy (unreachable), four times that offline; remote workers get one registry health interval more.',
      ),
    },
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
    {
      enrichment_interval_seconds: int(
        10,
        1,
        300,
        'How often open incidents are checked for new related evidence (anomalies on their traces or components placed in another incident since their last analysis); an incident with some gets its analysis requested again.',
      ),
      enrichment_lookback_seconds: int(
        60,
        1,
        300,
        'How far back (server clock) the enrichment pass looks for related anomalies.',
      ),
    },
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Agent Registry' },
    {
      discovery_interval_seconds: int(
        300,
        30,
        3600,
        'How often the worker list is refreshed: a worker (local or remote) that has gone offline is dropped from GET /api/agents at the next discovery pass.',
      ),
      registry_health_interval_seconds: int(
        30,
        5,
        300,
        "How often this process writes its agents' health as heartbeat rows and re-reads the other workers' rows (scale-out).",
      ),
      cleanup_interval_seconds: int(
        3600,
        300,
        86400,
        'How often the orchestrator prunes its in-memory incidents: those closed outside it (row no longer open) are dropped, and the open ones are cut to max_history.',
      ),
      max_history: int(
        1000,
        100,
        10000,
        'Open incidents kept in memory for grouping; past it the least recently active one closes ("capacity").',
      ),
    },
  ),
  ...defineSection(
    prefix,
    { owner, section: 'Monitoring' },
    {
      metrics_interval_seconds: int(
        60,
        10,
        600,
        'Length of the window agent step metrics (failures, successes, slowest step) are sampled over; health judges the current and the previous window.',
      ),
      alert_threshold: num(
        0.8,
        0,
        1,
        "Failed share of an agent's handler steps in the metrics window at which the agent is reported unhealthy.",
      ),
      max_error_rate: num(
        0.05,
        0,
        1,
        "Failed share of all in-process agents' steps in the metrics window above which the pipeline degrades (orchestrator status warning).",
      ),
      max_response_time_seconds: int(
        30,
        1,
        300,
        "Agent step duration above which that agent's health degrades to warning (slowest step in the metrics window).",
      ),
    },
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
      'Require the API token for API writes and ingest even on a loopback-only server without VIGIL_API_TOKEN: those calls are then refused (403 naming this setting) until VIGIL_API_TOKEN is set. With VIGIL_API_TOKEN set the token is always required.',
    ),
  },
);
