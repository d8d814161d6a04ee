import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { pageOfText, showingText } from '../lib/audit-text';

export interface AuditPaginationProps {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  onPage: (page: number) => void;
}

export function AuditPagination({
  page,
  pageSize,
  totalItems,
  totalPages,
  onPage,
}: AuditPaginationProps) {
  return (
    <nav
      aria-label="Audit pages"
      className="flex flex-col items-center justify-between gap-3 text-sm text-muted sm:flex-row"
    >
      <p data-testid="audit-showing">{showingText(page, pageSize, totalItems)}</p>
      <div className="flex items-center gap-3">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span data-testid="audit-page-of">{pageOfText(page, totalPages)}</span>
        <Button size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
