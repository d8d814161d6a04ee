import type { AgentId } from '@vigil/contract';

export const SETTINGS_TABS = ['global', 'agents', 'integrations', 'security'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Where a link into /settings points (spec part 1 section 5: agent and configuration results). */
export interface SettingsLink {
  tab: SettingsTab;
  agent: AgentId | null;
  section: string | null;
  field: string | null;
  /** The agent whose sub-tab pulses. */
  highlight: AgentId | null;
}

/** The agent ids the server reported; a link naming any other id is ignored. */
export type KnownAgents = readonly string[];

const isAgentId = (value: string | null, agents: KnownAgents): value is AgentId =>
  value !== null && agents.includes(value);

const isTab = (value: string | null): value is SettingsTab =>
  value !== null && (SETTINGS_TABS as readonly string[]).includes(value);

const nonEmpty = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value.trim();

/** The tab and agent a dotted key lives on, when a link names a field but no tab. */
export function homeOfField(
  path: string,
  agents: KnownAgents,
): { tab: SettingsTab; agent: AgentId | null } {
  if (path.startsWith('security.') || path.startsWith('safety_validation.')) {
    return { tab: 'security', agent: null };
  }
  const agent = /^agents\.([a-z_]+)\./.exec(path)?.[1] ?? null;
  if (isAgentId(agent, agents)) return { tab: 'agents', agent };
  return { tab: 'global', agent: null };
}

/**
 * Reads `tab` (a tab name or an agent id), `section`, `field` (or `focus-field`) and `highlight`
 * (an agent id). Unknown values fall back to the Global tab; nothing throws.
 */
export function parseSettingsLink(params: URLSearchParams, agents: KnownAgents): SettingsLink {
  const rawTab = nonEmpty(params.get('tab'));
  const field = nonEmpty(params.get('field') ?? params.get('focus-field'));
  const section = nonEmpty(params.get('section'));
  const highlightParam = nonEmpty(params.get('highlight'));
  const highlight = isAgentId(highlightParam, agents) ? highlightParam : null;
  const fieldAgent = field === null ? null : homeOfField(field, agents).agent;

  if (isAgentId(rawTab, agents)) return { tab: 'agents', agent: rawTab, section, field, highlight };
  if (isTab(rawTab)) {
    const agent = rawTab === 'agents' ? (highlight ?? fieldAgent) : null;
    return { tab: rawTab, agent, section, field, highlight };
  }
  if (field !== null) return { ...homeOfField(field, agents), section, field, highlight };
  if (highlight !== null) return { tab: 'agents', agent: highlight, section, field, highlight };
  return { tab: 'global', agent: null, section, field, highlight };
}

/** The query string for a settings link, the inverse of `parseSettingsLink`. */
export function settingsSearch(link: Partial<SettingsLink>): string {
  const params = new URLSearchParams();
  if (link.agent) params.set('tab', link.agent);
  else if (link.tab) params.set('tab', link.tab);
  if (link.section) params.set('section', link.section);
  if (link.field) params.set('field', link.field);
  if (link.highlight) params.set('highlight', link.highlight);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}
