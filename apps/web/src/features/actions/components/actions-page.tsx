import { PageHeader } from '../../../components/ui/page-header';

/** The Approved Actions screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function ActionsPage() {
  return (
    <PageHeader
      title="Approved Actions"
      subtitle="Pre-approved recovery actions that Vigil can run automatically"
    />
  );
}
