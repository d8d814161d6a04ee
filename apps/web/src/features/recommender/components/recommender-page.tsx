import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import {
  CATEGORIES,
  SAMPLE_RECOMMENDATIONS,
  SAMPLE_SCANS,
  filterRecommendations,
  type CategoryFilter,
} from '../lib/sample-data';
import { RecommendationCard } from './recommendation-card';
import { SampleNotice } from './sample-notice';
import { ScanCard } from './scan-card';
import { ScheduleScanDialog } from './schedule-scan-dialog';

const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All Categories' },
  ...CATEGORIES.map((category) => ({ value: category, label: category })),
];

/**
 * The System Recommender (spec part 2 section 2.2): a static sample. Run Now and Implement only
 * change the sample on this screen; a reload shows it as it was.
 */
export function RecommenderPage() {
  const [scans, setScans] = useState(SAMPLE_SCANS);
  const [recommendations, setRecommendations] = useState(SAMPLE_RECOMMENDATIONS);
  const [category, setCategory] = useState<CategoryFilter>('all');
  const shown = filterRecommendations(recommendations, category);

  const runNow = (id: string) =>
    setScans((current) =>
      current.map((scan) =>
        scan.id === id ? { ...scan, status: 'running', when: 'Sample: in progress' } : scan,
      ),
    );
  const implement = (id: string) =>
    setRecommendations((current) =>
      current.map((item) => (item.id === id ? { ...item, status: 'in-progress' } : item)),
    );

  return (
    <>
      <PageHeader
        title="System Recommender"
        subtitle="Scheduled scans and improvement recommendations"
        actions={<ScheduleScanDialog />}
      />
      <SampleNotice />
      <section aria-labelledby="scans-title" className="mb-8">
        <h2 id="scans-title" className="mb-3 text-lg font-semibold text-foreground">
          Scheduled Scans
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {scans.map((scan) => (
            <ScanCard key={scan.id} scan={scan} onRunNow={() => runNow(scan.id)} />
          ))}
        </div>
      </section>
      <section aria-labelledby="recommendations-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="recommendations-title" className="text-lg font-semibold text-foreground">
            Recommendations
          </h2>
          <Select
            aria-label="Category"
            className="w-48"
            options={CATEGORY_OPTIONS}
            value={category}
            onChange={(event) => setCategory(event.target.value as CategoryFilter)}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((recommendation) => (
            <RecommendationCard
              key={recommendation.id}
              recommendation={recommendation}
              onImplement={() => implement(recommendation.id)}
            />
          ))}
        </div>
      </section>
    </>
  );
}
