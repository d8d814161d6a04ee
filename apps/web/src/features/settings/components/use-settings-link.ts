import type { AgentId } from '@vigil/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  highlightSearchTarget,
  onSearchEvent,
  SEARCH_EVENTS,
  SEARCH_TIMING,
} from '../../../lib/search-events';
import {
  parseSettingsLink,
  settingsSearch,
  type KnownAgents,
  type SettingsLink,
  type SettingsTab,
} from '../lib/deep-link';
import { focusSettingsTarget } from '../lib/focus-field';

/**
 * The tab and agent shown, kept in the URL (so back/forward and reloads keep them), and the
 * deep-link context applied once the configuration is on screen: the field focused after 200 ms
 * and the agent's sub-tab pulsed after 400 ms (spec part 1 section 5). The search's
 * `openSettingsTab` event does the same without a page load.
 *
 * `agents` is null until the server has said which agents exist.
 */
export function useSettingsLink(agents: KnownAgents | null) {
  const [params, setParams] = useSearchParams();
  const link = useMemo(() => parseSettingsLink(params, agents ?? []), [params, agents]);
  const [target, setTarget] = useState<SettingsLink | null>(null);
  const arrived = useRef(false);

  useEffect(() => {
    if (agents === null || arrived.current) return;
    arrived.current = true;
    setTarget(parseSettingsLink(params, agents));
  }, [agents, params]);

  useEffect(() => {
    if (agents === null) return undefined;
    return onSearchEvent(SEARCH_EVENTS.openSettingsTab, (detail) => {
      const next = new URLSearchParams({ tab: detail.tab });
      if (detail.section) next.set('section', detail.section);
      if (detail.field) next.set('field', detail.field);
      setParams(next);
      setTarget(parseSettingsLink(next, agents));
    });
  }, [agents, setParams]);

  useEffect(() => {
    if (target === null) return undefined;
    const context = window.setTimeout(
      () => focusSettingsTarget(target.field, target.section),
      SEARCH_TIMING.contextDelayMs,
    );
    const highlight = window.setTimeout(() => {
      if (target.highlight) highlightSearchTarget(target.highlight);
    }, SEARCH_TIMING.highlightDelayMs);
    return () => {
      window.clearTimeout(context);
      window.clearTimeout(highlight);
    };
  }, [target]);

  const firstAgent = (agents?.[0] ?? null) as AgentId | null;
  const show = useCallback(
    (next: { tab: SettingsTab; agent?: AgentId | null }) => {
      const agent = next.tab === 'agents' ? (next.agent ?? link.agent ?? firstAgent) : null;
      setParams(settingsSearch({ tab: next.tab, agent }), { replace: true });
    },
    [firstAgent, link.agent, setParams],
  );

  return { tab: link.tab, agent: link.agent ?? firstAgent, show };
}
