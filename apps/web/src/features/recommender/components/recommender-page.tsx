import { PageHeader } from '../../../components/ui/page-header';

/** The System Recommender screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function RecommenderPage() {
  return (
    <PageHeader
      title="System Recommender"
      subtitle="Scheduled scans and improvement recommendations"
    />
  );
}
