import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context';
import { getAuditTrail } from '../api/get-audit-trail';
import { auditCsv, auditCsvFileName } from '../lib/audit-csv';
import { AUDIT_EXPORT_PAGE_SIZE, trailQuery, type AuditFilters } from '../lib/audit-filters';
import { downloadText } from '../lib/download-text';

/** Export CSV: the trail with the current filters, up to 10000 rows, built in the browser. */
export function useExportCsv() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async ({ filters, anchorMs }: { filters: AuditFilters; anchorMs: number }) => {
      const page = await getAuditTrail(
        client,
        trailQuery(filters, 1, anchorMs, AUDIT_EXPORT_PAGE_SIZE),
      );
      downloadText(auditCsvFileName(new Date()), auditCsv(page.audit_entries));
    },
    // Spec part 2 section 8: export failures are only logged (the API client logs them).
  });
}
