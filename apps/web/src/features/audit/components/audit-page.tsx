import { PageHeader } from '../../../components/ui/page-header';

/** The Audit Trail screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function AuditPage() {
  return (
    <PageHeader
      title="Audit Trail"
      subtitle="Every detection, incident and action execution, in order"
    />
  );
}
