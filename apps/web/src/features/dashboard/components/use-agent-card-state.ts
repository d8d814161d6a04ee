import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec part 1 section 9: a card highlight lasts 1.2 s; an expanded card collapses after 30 s. */
export const CARD_HIGHLIGHT_MS = 1_200;
export const CARD_COLLAPSE_MS = 30_000;

export interface AgentCardState {
  expanded: ReadonlySet<string>;
  highlighted: string | null;
  toggle: (agentId: string) => void;
  highlight: (agentId: string) => void;
}

/** Which agent cards are open and which one flashes; every open card closes itself after 30 s. */
export function useAgentCardState(): AgentCardState {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const collapseTimers = useRef(new Map<string, number>());
  const highlightTimer = useRef<number | undefined>(undefined);

  const collapse = useCallback((agentId: string) => {
    window.clearTimeout(collapseTimers.current.get(agentId));
    collapseTimers.current.delete(agentId);
    setExpanded((current) => {
      const next = new Set(current);
      next.delete(agentId);
      return next;
    });
  }, []);

  const toggle = useCallback(
    (agentId: string) => {
      if (collapseTimers.current.has(agentId)) {
        collapse(agentId);
        return;
      }
      collapseTimers.current.set(
        agentId,
        window.setTimeout(() => collapse(agentId), CARD_COLLAPSE_MS),
      );
      setExpanded((current) => new Set(current).add(agentId));
    },
    [collapse],
  );

  const highlight = useCallback((agentId: string) => {
    window.clearTimeout(highlightTimer.current);
    setHighlighted(agentId);
    highlightTimer.current = window.setTimeout(() => setHighlighted(null), CARD_HIGHLIGHT_MS);
  }, []);

  useEffect(() => {
    const timers = collapseTimers.current;
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      window.clearTimeout(highlightTimer.current);
    };
  }, []);

  return { expanded, highlighted, toggle, highlight };
}
