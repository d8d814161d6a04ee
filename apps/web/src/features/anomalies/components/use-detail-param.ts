import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The open detail lives in the URL, so a link can point at it and Back closes it. */
export const DETAIL_PARAM = 'anomaly';

interface DetailState {
  /** Set when this page pushed the entry, so closing can simply go back. */
  openedHere?: boolean;
}

export interface DetailParam {
  detailId: string | null;
  openDetail: (anomalyId: string) => void;
  closeDetail: () => void;
}

export function useDetailParam(): DetailParam {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const detailId = params.get(DETAIL_PARAM);

  const withDetail = (anomalyId: string | null) => {
    const next = new URLSearchParams(params);
    if (anomalyId === null) next.delete(DETAIL_PARAM);
    else next.set(DETAIL_PARAM, anomalyId);
    return next;
  };

  return {
    detailId,
    openDetail: (anomalyId) => {
      // A search link and its event may both ask for the same detail: one history entry.
      if (anomalyId === detailId) return;
      setParams(withDetail(anomalyId), {
        replace: detailId !== null,
        state: { openedHere: true } satisfies DetailState,
      });
    },
    closeDetail: () => {
      if ((location.state as DetailState | null)?.openedHere) void navigate(-1);
      else setParams(withDetail(null), { replace: true });
    },
  };
}
