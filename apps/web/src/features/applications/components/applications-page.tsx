import { PageHeader } from '../../../components/ui/page-header';

/** The Applications screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function ApplicationsPage() {
  return (
    <PageHeader title="Applications" subtitle="Manage and monitor your application ecosystem" />
  );
}
