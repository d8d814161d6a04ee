/**
 * The recommender is a static sample (spec part 2 section 2.2): nothing is sent or received, and
 * the screen labels everything below as sample content. No figure here describes this system.
 */
export type ScanStatus = 'completed' | 'running' | 'scheduled';
export type RecommendationStatus = 'pending' | 'in-progress' | 'completed';
export type Category = 'Performance' | 'Security' | 'Reliability' | 'Cost';
export type Level = 'low' | 'medium' | 'high';

export interface SampleScan {
  id: string;
  name: string;
  status: ScanStatus;
  schedule: string;
  /** Human text; samples carry no real dates. */
  when: string;
  findings: number | null;
}

export interface SampleRecommendation {
  id: string;
  title: string;
  description: string;
  category: Category;
  impact: Level;
  effort: Level;
  status: RecommendationStatus;
  affectedServices: string[];
}

export const CATEGORIES: readonly Category[] = ['Performance', 'Security', 'Reliability', 'Cost'];
export type CategoryFilter = Category | 'all';

export const SCAN_TYPES = [
  'Comprehensive System Scan',
  'Performance Scan',
  'Security Scan',
  'Cost Optimization Scan',
] as const;
export const SCAN_SCHEDULES = ['Daily', 'Weekly', 'Monthly', 'Custom'] as const;

export const SAMPLE_SCANS: readonly SampleScan[] = [
  {
    id: 'scan-comprehensive',
    name: 'Comprehensive System Scan',
    status: 'completed',
    schedule: 'Weekly',
    when: 'Sample: finished on a Monday morning',
    findings: 6,
  },
  {
    id: 'scan-performance',
    name: 'Performance Scan',
    status: 'running',
    schedule: 'Daily',
    when: 'Sample: in progress',
    findings: null,
  },
  {
    id: 'scan-security',
    name: 'Security Scan',
    status: 'scheduled',
    schedule: 'Monthly',
    when: 'Sample: next run on the first of the month',
    findings: null,
  },
  {
    id: 'scan-cost',
    name: 'Cost Optimization Scan',
    status: 'scheduled',
    schedule: 'Weekly',
    when: 'Sample: next run on Sunday night',
    findings: null,
  },
];

export const SAMPLE_RECOMMENDATIONS: readonly SampleRecommendation[] = [
  {
    id: 'rec-connection-pool',
    title: 'Right-size the database connection pool',
    description:
      'Callers queue for connections during bursts. A pool sized to the database limit divided by the number of replicas avoids exhausting connection slots.',
    category: 'Performance',
    impact: 'high',
    effort: 'low',
    status: 'pending',
    affectedServices: ['example-checkout', 'example-payments', 'example-db'],
  },
  {
    id: 'rec-cache-ttl',
    title: 'Add expiry jitter to cache entries',
    description:
      'Entries written together expire together and stampede the backing store. A random jitter on the TTL spreads the reloads.',
    category: 'Performance',
    impact: 'medium',
    effort: 'low',
    status: 'in-progress',
    affectedServices: ['example-catalog', 'example-cache'],
  },
  {
    id: 'rec-tls-internal',
    title: 'Encrypt service-to-service traffic',
    description:
      'Internal calls travel in clear text. Mutual TLS between services protects credentials and payment data in transit.',
    category: 'Security',
    impact: 'high',
    effort: 'high',
    status: 'pending',
    affectedServices: ['example-gateway', 'example-checkout', 'example-payments'],
  },
  {
    id: 'rec-rotate-keys',
    title: 'Rotate long-lived API keys',
    description: 'Keys older than 90 days should be rotated and moved to a secret store.',
    category: 'Security',
    impact: 'medium',
    effort: 'medium',
    status: 'completed',
    affectedServices: ['example-gateway'],
  },
  {
    id: 'rec-circuit-breaker',
    title: 'Put a circuit breaker in front of payments',
    description:
      'When payments slows down, checkout threads wait for it. A breaker with a fallback keeps checkout responsive.',
    category: 'Reliability',
    impact: 'high',
    effort: 'medium',
    status: 'pending',
    affectedServices: ['example-checkout', 'example-payments'],
  },
  {
    id: 'rec-idle-replicas',
    title: 'Scale down idle replicas at night',
    description:
      'Traffic drops sharply overnight. A schedule-based autoscaler floor saves compute without touching daytime capacity.',
    category: 'Cost',
    impact: 'medium',
    effort: 'low',
    status: 'pending',
    affectedServices: ['example-web', 'example-catalog'],
  },
];

export function filterRecommendations(
  recommendations: readonly SampleRecommendation[],
  category: CategoryFilter,
): SampleRecommendation[] {
  return category === 'all'
    ? [...recommendations]
    : recommendations.filter((recommendation) => recommendation.category === category);
}
