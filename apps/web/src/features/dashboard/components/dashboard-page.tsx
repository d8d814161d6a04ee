import { PageHeader } from '../../../components/ui/page-header';

/** The Dashboard screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="System overview and monitoring status" />;
}
