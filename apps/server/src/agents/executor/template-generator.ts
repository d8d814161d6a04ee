import type { ApprovedActionInput } from '@vigil/contract';

/**
 * Drafts an approved action (not saved) from a description or an incident's failure kind: a
 * keyword picks the action kind, and the draft is a starting point the operator edits.
 */
export type ActionKind =
  'restart' | 'scale' | 'cache_flush' | 'rollback' | 'failover' | 'rotate_certificate' | 'generic';

interface KindRule {
  kind: ActionKind;
  pattern: RegExp;
}

// Order matters: the more specific kinds win over the broad ones.
const RULES: KindRule[] = [
  { kind: 'rotate_certificate', pattern: /certificat|\bcert\b|\btls\b|\bssl\b|x509|handshake/i },
  { kind: 'cache_flush', pattern: /cache|stale|redis|memcache|flush/i },
  { kind: 'rollback', pattern: /roll ?back|revert|deploy|release|regression|bad version/i },
  {
    kind: 'failover',
    pattern:
      /fail ?over|primary|replica lag|database down|unreachable|connection refused|split brain/i,
  },
  {
    kind: 'scale',
    pattern: /scal(e|ing)|capacity|saturat|cpu|throughput|queue depth|high load|latency/i,
  },
  {
    kind: 'restart',
    pattern:
      /restart|reboot|bounce|crash|\boom\b|out of memory|hung|deadlock|unresponsive|memory leak/i,
  },
];

export function classifyActionKind(text: string): ActionKind {
  return RULES.find((rule) => rule.pattern.test(text))?.kind ?? 'generic';
}

const BASE_URL = 'https://ops.example.internal/api/v1';

interface KindTemplate {
  name: string;
  description: string;
  tags: string[];
  keywords: string[];
  path: string;
  body: Record<string, unknown>;
  optional: Record<string, string>;
  constraints: Record<string, unknown>;
}

const TEMPLATES: Record<ActionKind, KindTemplate> = {
  restart: {
    name: 'Restart service',
    description: 'Restart the affected service instances one at a time.',
    tags: ['restart', 'recovery'],
    keywords: ['restart', 'crash', 'oom', 'hung'],
    path: '/services/{{component}}/restart',
    body: { strategy: 'rolling', incident_id: '{{incident_id}}' },
    optional: {},
    constraints: { max_concurrent_limit: 1, cooldown_seconds: 600 },
  },
  scale: {
    name: 'Scale out service',
    description: 'Add replicas to the affected service to absorb load.',
    tags: ['scaling', 'capacity'],
    keywords: ['scale', 'cpu', 'latency', 'load'],
    path: '/services/{{component}}/scale',
    body: { replicas: '{{replicas}}', incident_id: '{{incident_id}}' },
    optional: { replicas: 'Target replica count (default: current + 1)' },
    constraints: { max_concurrent_limit: 1, cooldown_seconds: 900 },
  },
  cache_flush: {
    name: 'Flush cache',
    description: 'Flush the cache the affected service reads from.',
    tags: ['cache', 'recovery'],
    keywords: ['cache', 'stale', 'redis'],
    path: '/caches/{{component}}/flush',
    body: { incident_id: '{{incident_id}}' },
    optional: {},
    constraints: { cooldown_seconds: 300 },
  },
  rollback: {
    name: 'Roll back last deployment',
    description: 'Roll the affected service back to its previous release.',
    tags: ['rollback', 'deployment'],
    keywords: ['rollback', 'deploy', 'regression'],
    path: '/deployments/{{component}}/rollback',
    body: { incident_id: '{{incident_id}}' },
    optional: {},
    constraints: { business_hours_only: true, requires_approval: true, max_concurrent_limit: 1 },
  },
  failover: {
    name: 'Fail over to replica',
    description: 'Promote the standby and move traffic away from the failing primary.',
    tags: ['failover', 'database'],
    keywords: ['failover', 'primary', 'unreachable'],
    path: '/clusters/{{component}}/failover',
    body: { incident_id: '{{incident_id}}' },
    optional: {},
    constraints: { requires_approval: true, max_concurrent_limit: 1 },
  },
  rotate_certificate: {
    name: 'Rotate certificate',
    description: 'Issue and deploy a fresh TLS certificate for the affected service.',
    tags: ['security', 'certificate'],
    keywords: ['certificate', 'tls', 'expired'],
    path: '/certificates/{{component}}/rotate',
    body: { incident_id: '{{incident_id}}' },
    optional: {},
    constraints: { business_hours_only: true, max_concurrent_limit: 1 },
  },
  generic: {
    name: 'Run remediation runbook',
    description: 'Trigger the remediation runbook for the affected service.',
    tags: ['runbook'],
    keywords: [],
    path: '/runbooks/{{component}}/run',
    body: { incident_id: '{{incident_id}}' },
    optional: {},
    constraints: { requires_approval: true },
  },
};

export interface DraftSource {
  description?: string | undefined;
  /** The incident's failure kind, reasons and root component, as text. */
  incidentText?: string | undefined;
  component?: string | null | undefined;
}

export function generateDraft(source: DraftSource): ApprovedActionInput & { kind: ActionKind } {
  const text = `${source.description ?? ''} ${source.incidentText ?? ''}`;
  const kind = classifyActionKind(text);
  const t = TEMPLATES[kind];
  const summary = (source.description ?? '').trim().slice(0, 300);
  return {
    kind,
    name: source.component ? `${t.name}: ${source.component}` : t.name,
    description: summary ? `${t.description} Drafted from: ${summary}` : t.description,
    template_command: {
      method: 'POST',
      url: `${BASE_URL}${t.path}`,
      headers: { 'content-type': 'application/json' },
      body: t.body,
      timeout: 60,
    },
    tags: t.tags,
    keywords: t.keywords,
    max_retries: 3,
    timeout_seconds: 300,
    required_parameters: {
      component: 'Service to act on (defaults to the incident root component)',
    },
    optional_parameters: t.optional,
    safety_constraints: t.constraints,
    is_active: false,
  };
}
