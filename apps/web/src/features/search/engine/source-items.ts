import type {
  AgentStatus,
  Anomaly,
  ApprovedAction,
  ArchitectureNode,
  AuditEntry,
  IncidentStack,
} from '@vigil/contract';
import { stripLeadingTimestamp } from '../../../lib/format';
import type { SearchItem } from './search-types';

/**
 * One function per source (spec part 1 section 3, "Search items"): each turns a record into an
 * index entry, reading only the fields the spec lists.
 */

const joinText = (...parts: Array<string | null | undefined>): string =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');

const compact = (values: Array<string | null | undefined>): string[] => [
  ...new Set(values.filter((value): value is string => typeof value === 'string' && value !== '')),
];

export function anomalyItem(anomaly: Anomaly): SearchItem {
  const orchestrator = anomaly.orchestrator_data;
  const description = stripLeadingTimestamp(anomaly.description).trim();
  return {
    id: anomaly.id,
    title: description === '' ? 'Anomaly Detected' : description,
    description: orchestrator?.data.detection_reason ?? '',
    type: 'anomaly',
    page: '/anomalies',
    content: joinText(
      orchestrator?.data.log_message,
      anomaly.source_system,
      orchestrator?.root_component,
      orchestrator?.trace_id,
    ),
    tags: anomaly.tags,
    keywords: compact([anomaly.source_system, anomaly.severity, anomaly.status]),
    timestamp: anomaly.timestamp,
    metadata: {
      severity: anomaly.severity,
      status: anomaly.status,
      timestamp: anomaly.timestamp,
      component: anomaly.source_system,
      incidentId: orchestrator?.incident_id,
      traceId: orchestrator?.trace_id ?? undefined,
      tags: anomaly.tags,
    },
  };
}

export function incidentItem(stack: IncidentStack): SearchItem {
  const message = stripLeadingTimestamp(stack.top_event_message).trim();
  return {
    id: `incident-${stack.incident_id}`,
    title: `Incident #${stack.incident_id} · ${stack.root_component ?? stack.top_event_component}`,
    description: message,
    type: 'incident',
    page: '/anomalies',
    content: joinText(
      stack.top_event_component,
      stack.root_component,
      `${stack.count_total} events`,
      stack.trace_id,
    ),
    tags: [],
    keywords: compact([stack.top_event_component, stack.root_component, stack.incident_status]),
    timestamp: stack.updated_at,
    metadata: {
      severity: stack.top_event_severity,
      status: stack.incident_status,
      timestamp: stack.updated_at,
      component: stack.root_component ?? stack.top_event_component,
      incidentId: stack.incident_id,
      traceId: stack.trace_id ?? undefined,
    },
  };
}

export function actionItem(action: ApprovedAction): SearchItem {
  const timestamp = action.updated_at ?? action.created_at;
  return {
    id: action.id,
    title: action.name,
    description: action.description,
    type: 'action',
    page: '/policies',
    content: joinText(action.template_command.method, action.template_command.url),
    tags: action.tags,
    keywords: action.keywords,
    timestamp,
    metadata: {
      status: action.is_active ? 'active' : 'inactive',
      timestamp,
      tags: action.tags,
    },
  };
}

export function applicationItem(node: ArchitectureNode): SearchItem {
  return {
    id: node.id,
    title: node.label || node.name,
    description: joinText(node.type, node.group === '' ? null : `in ${node.group}`),
    type: 'application',
    page: '/applications',
    content: joinText(node.name, node.group, node.type, node.status),
    tags: [],
    keywords: compact([node.name, node.group, node.type]),
    metadata: { status: node.status, component: node.name },
  };
}

/** Executions are audit entries of type action_executed; they open the audit filtered on them. */
export function auditItem(entry: AuditEntry): SearchItem {
  const component = entry.root_component ?? entry.affected_services[0];
  return {
    id: entry.id,
    title: entry.action_name ?? entry.type.replaceAll('_', ' '),
    description: stripLeadingTimestamp(entry.description).trim(),
    type: entry.type === 'action_executed' ? 'execution' : 'audit',
    page: '/audit',
    content: joinText(
      entry.error_message,
      entry.triggered_by,
      entry.affected_services.join(' '),
      entry.agents_involved.join(' '),
      entry.execution_status,
      entry.trace_id,
    ),
    tags: entry.agents_involved,
    keywords: compact([entry.type, entry.severity, ...entry.affected_services]),
    timestamp: entry.timestamp,
    metadata: {
      severity: entry.severity,
      status: entry.type,
      timestamp: entry.timestamp,
      component,
      incidentId: entry.incident_id ?? undefined,
      traceId: entry.trace_id ?? undefined,
      tags: entry.agents_involved,
      agentId: entry.agents_involved[0],
    },
  };
}

export function agentItem(agent: AgentStatus): SearchItem {
  return {
    id: agent.agent_id,
    title: agent.name,
    description: `Agent ${agent.agent_id} is ${agent.status}`,
    type: 'agent',
    page: '/settings',
    content: joinText(agent.url),
    tags: [],
    keywords: [agent.agent_id],
    timestamp: agent.last_seen ?? undefined,
    metadata: {
      status: agent.status,
      timestamp: agent.last_seen ?? undefined,
      agentId: agent.agent_id,
    },
  };
}

/** What the index is built from; a source that failed to load is an empty list. */
export interface SearchSources {
  anomalies: Anomaly[];
  incidents: IncidentStack[];
  actions: ApprovedAction[];
  applications: ArchitectureNode[];
  auditEntries: AuditEntry[];
  agents: AgentStatus[];
}

export function buildSearchItems(sources: SearchSources): SearchItem[] {
  return [
    ...sources.anomalies.map(anomalyItem),
    ...sources.incidents.map(incidentItem),
    ...sources.actions.map(actionItem),
    ...sources.applications.map(applicationItem),
    ...sources.auditEntries.map(auditItem),
    ...sources.agents.map(agentItem),
  ];
}
