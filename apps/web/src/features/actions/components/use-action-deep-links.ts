import type { ApprovedAction } from '@vigil/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  SEARCH_ACTIONS,
  SEARCH_EVENTS,
  SEARCH_PARAMS,
  SEARCH_TIMING,
  highlightSearchTarget,
  onSearchEvent,
} from '../../../lib/search-events';

/** Spec part 2 section 2.1: the card pulses 500 ms after the list shows. */
export const ACTION_HIGHLIGHT_DELAY_MS = 500;

/**
 * What a search result asks of this page: `?highlight=<id>` pulses that card, `&action=edit`
 * or the `openActionEdit` window event opens its edit dialog. Both wait for the catalogue.
 */
export function useActionDeepLinks(
  actions: readonly ApprovedAction[] | undefined,
  openEdit: (action: ApprovedAction) => void,
): void {
  const [params] = useSearchParams();
  const highlight = params.get(SEARCH_PARAMS.highlight);
  const editFromLink = params.get(SEARCH_PARAMS.action) === SEARCH_ACTIONS.edit;
  const [editRequest, setEditRequest] = useState<string | null>(null);
  const handledLink = useRef<string | null>(null);
  const timers = useRef<number[]>([]);
  const openEditRef = useRef(openEdit);
  useEffect(() => {
    openEditRef.current = openEdit;
  });
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  useEffect(
    () => onSearchEvent(SEARCH_EVENTS.openActionEdit, ({ actionId }) => setEditRequest(actionId)),
    [],
  );

  useEffect(() => {
    if (!actions || !highlight || handledLink.current === params.toString()) return;
    // Once per link: a refetch of the catalogue must not pulse the card again.
    handledLink.current = params.toString();
    timers.current.push(
      window.setTimeout(() => highlightSearchTarget(highlight), ACTION_HIGHLIGHT_DELAY_MS),
    );
    if (editFromLink) {
      timers.current.push(
        window.setTimeout(() => setEditRequest(highlight), SEARCH_TIMING.contextDelayMs),
      );
    }
  }, [actions, highlight, editFromLink, params]);

  useEffect(() => {
    if (!actions || editRequest === null) return;
    const action = actions.find((candidate) => candidate.id === editRequest);
    if (action) openEditRef.current(action);
    else console.warn(`openActionEdit: no approved action ${editRequest}`);
    setEditRequest(null);
  }, [actions, editRequest]);
}
