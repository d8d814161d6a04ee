import { defineSection } from '../field';
import { int, list, str } from './kinds';

const owner = 'traceability' as const;

/** Traceability keeps a recent-log window by trace id; otel.* points it at an external trace store. */
export const TRACEABILITY_FIELDS = [
  ...defineSection(
    'agents.traceability',
    { owner, section: 'Correlation' },
    {
      time_window_seconds: int(300, 30, 1200, 'Recent-log window kept for correlation.'),
      correlation_window_seconds: int(
        60,
        10,
        600,
        'Distance from the anomaly within which logs correlate.',
      ),
      log_query_limit: int(1000, 100, 5000, 'Most logs returned for one incident.'),
      trace_query_limit: int(
        500,
        100,
        5000,
        'Most spans taken from the external trace store (otel.*) for one incident, earliest first.',
      ),
    },
  ),
  ...defineSection(
    'otel',
    { owner, section: 'OpenTelemetry' },
    {
      base_url: str(
        '',
        'Jaeger-compatible query API for traces missing from the window; empty = off.',
        {
          pattern: /^https?:\/\/\S+$/,
          patternMessage: 'Expected an http(s) URL',
        },
      ),
      timeout_seconds: int(2, 1, 300, 'Timeout of one trace-store look-up.'),
      max_retries: int(2, 0, 10, 'Retries of a failed trace-store look-up.'),
      freshness_threshold_seconds: int(
        120,
        1,
        3600,
        'Age below which a trace may still be incomplete and is looked up again.',
      ),
      synonym_groups: list(
        [],
        'Component names that mean the same service, one group per line, comma-separated.',
      ),
      known_taxonomies: list(
        [],
        'Known component name prefixes used to normalise component names.',
      ),
    },
  ),
];
