import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { pageLabel, totalLabel } from '../lib/list-controls';

export interface ListPagerProps {
  page: number;
  totalPages: number;
  totalItems: number;
  /** Cards left after the search and severity filters on this page, when they hide some. */
  shownOnPage: number | null;
  onPageChange: (page: number) => void;
}

export function ListPager({
  page,
  totalPages,
  totalItems,
  shownOnPage,
  onPageChange,
}: ListPagerProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        <span data-testid="anomalies-total">{totalLabel(totalItems)}</span>
        {shownOnPage !== null ? (
          <span className="text-subtle"> · {shownOnPage} shown on this page</span>
        ) : null}
      </p>
      <nav aria-label="Pages" className="flex items-center gap-2">
        <Button size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Prev
        </Button>
        <span
          data-testid="page-label"
          className="min-w-14 text-center text-sm text-foreground tabular-nums"
        >
          {pageLabel(page, totalPages)}
        </span>
        <Button size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}
