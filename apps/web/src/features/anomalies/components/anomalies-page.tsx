import { PageHeader } from '../../../components/ui/page-header';

/** The Anomalies screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function AnomaliesPage() {
  return <PageHeader title="Anomalies" subtitle="Detected anomalies, grouped into incidents" />;
}
