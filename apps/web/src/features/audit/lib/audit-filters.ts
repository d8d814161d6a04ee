import type { AuditExecutionStatus, AuditTrailQuery, AuditType, Severity } from '@vigil/contract';

/**
 * The select options, typed against the contract so a value the server does not know fails to
 * compile. Only types come from the contract: its zod schemas would probe `new Function` when
 * loaded, which the console's CSP (script-src 'self') reports as a violation.
 */
const EVENT_TYPES: Record<AuditType, true> = {
  anomaly_detected: true,
  incident_opened: true,
  incident_closed: true,
  action_executed: true,
  action_approved: true,
  config_changed: true,
  notification_sent: true,
  anomaly_feedback: true,
};
const SEVERITIES: Record<Severity, true> = { low: true, medium: true, high: true, critical: true };
const EXECUTION_STATUSES: Record<AuditExecutionStatus, true> = {
  pending: true,
  running: true,
  success: true,
  failed: true,
  timeout: true,
};

export const EVENT_TYPE_VALUES = Object.keys(EVENT_TYPES) as AuditType[];
export const SEVERITY_VALUES = Object.keys(SEVERITIES) as Severity[];
export const EXECUTION_STATUS_VALUES = Object.keys(EXECUTION_STATUSES) as AuditExecutionStatus[];

const isEventType = (value: unknown): value is AuditType =>
  typeof value === 'string' && Object.hasOwn(EVENT_TYPES, value);

/** Spec part 2 section 9. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_EXPORT_PAGE_SIZE = 10_000;

export const TIME_RANGES = {
  '1h': { label: 'Last 1 hour', seconds: 3_600 },
  '24h': { label: 'Last 24 hours', seconds: 86_400 },
  '7d': { label: 'Last 7 days', seconds: 604_800 },
  '30d': { label: 'Last 30 days', seconds: 2_592_000 },
} as const;
export type TimeRange = keyof typeof TIME_RANGES;

export type AuditTypeFilter = AuditType | 'all';
export type SeverityFilter = Severity | 'all';
export type ExecutionStatusFilter = AuditExecutionStatus | 'all';

export interface AuditFilters {
  search: string;
  timeRange: TimeRange;
  eventType: AuditTypeFilter;
  severity: SeverityFilter;
  executionStatus: ExecutionStatusFilter;
  /** Set only from a link or a search result; the screen shows it as a removable chip. */
  incidentId: number | null;
}

export const DEFAULT_AUDIT_FILTERS: AuditFilters = {
  search: '',
  timeRange: '7d',
  eventType: 'all',
  severity: 'all',
  executionStatus: 'all',
  incidentId: null,
};

type TrailParams = Partial<Record<keyof AuditTrailQuery, string | number>>;

/**
 * The time range as a start date counted back from `anchorMs` (the moment of the last load or
 * Refresh). No end date: entries written since still belong to "the last N".
 */
export function startDate(range: TimeRange, anchorMs: number): string {
  return new Date(anchorMs - TIME_RANGES[range].seconds * 1_000).toISOString();
}

/** The query of GET /api/audit/trail for these filters; 'all' and blanks are left out. */
export function trailQuery(
  filters: AuditFilters,
  page: number,
  anchorMs: number,
  pageSize = AUDIT_PAGE_SIZE,
): TrailParams {
  const search = filters.search.trim();
  return {
    page,
    page_size: pageSize,
    start_date: startDate(filters.timeRange, anchorMs),
    ...(filters.eventType === 'all' ? {} : { event_type: filters.eventType }),
    ...(filters.severity === 'all' ? {} : { severity: filters.severity }),
    ...(filters.executionStatus === 'all' ? {} : { execution_status: filters.executionStatus }),
    ...(filters.incidentId === null ? {} : { incident_id: filters.incidentId }),
    ...(search === '' ? {} : { search }),
  };
}

/** The query of GET /api/audit/stats: the same time range. */
export function statsQuery(filters: AuditFilters, anchorMs: number): { start_date: string } {
  return { start_date: startDate(filters.timeRange, anchorMs) };
}

const positiveInteger = (text: string | null): number | null => {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const value = Number.parseInt(text, 10);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
};

export interface SearchFilterInput {
  event_type?: string | null | undefined;
  incident_id?: number | string | null | undefined;
  search?: string | null | undefined;
}

/**
 * Filters arriving from the global search (query parameters or the applySearchFilters event):
 * event_type, incident_id and search. Values the server would refuse are ignored.
 */
export function filtersFromSearch(input: SearchFilterInput): Partial<AuditFilters> {
  const incidentId = positiveInteger(
    input.incident_id === undefined || input.incident_id === null
      ? null
      : String(input.incident_id),
  );
  return {
    ...(isEventType(input.event_type) ? { eventType: input.event_type } : {}),
    ...(incidentId === null ? {} : { incidentId }),
    ...(typeof input.search === 'string' && input.search.trim() !== ''
      ? { search: input.search }
      : {}),
  };
}

/** The same, read from the page's URL. */
export function filtersFromParams(params: URLSearchParams): Partial<AuditFilters> {
  return filtersFromSearch({
    event_type: params.get('event_type'),
    incident_id: params.get('incident_id'),
    search: params.get('search'),
  });
}
