import type { ReactNode } from 'react';
import type { Anomaly } from '@vigil/contract';
import { Button } from '../../../components/ui/button';
import {
  FullScreenDialog,
  FullScreenDialogContent,
  FullScreenDialogTitle,
} from '../../../components/ui/full-screen-dialog';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAnomaly } from '../api/get-anomaly';
import { DetailHeader } from './detail-header';
import { IncidentTab } from './incident-tab';
import { OverviewTab } from './overview-tab';
import { RcaTab } from './rca-tab';
import { RemediationTab } from './remediation-tab';
import { TraceabilityTab } from './traceability-tab';

export interface AnomalyDetailProps {
  anomalyId: string;
  onBack: () => void;
}

/** The full-screen view of one anomaly and its analysis, over the list. */
export function AnomalyDetail({ anomalyId, onBack }: AnomalyDetailProps) {
  return (
    <FullScreenDialog open onOpenChange={(open) => (open ? undefined : onBack())}>
      <FullScreenDialogContent data-testid="anomaly-detail">
        <div className="mx-auto w-full max-w-6xl px-4 py-4 md:px-8 md:py-6">
          <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
            ← Back to Anomalies
          </Button>
          <DetailBody anomalyId={anomalyId} />
        </div>
      </FullScreenDialogContent>
    </FullScreenDialog>
  );
}

function DetailBody({ anomalyId }: { anomalyId: string }) {
  const query = useAnomaly(anomalyId);
  if (query.isPending) return <Status title="Anomaly" body={<Spinner label="Loading..." />} />;
  if (query.isError) {
    return (
      <Status title="Anomaly" body={<ErrorBanner>Could not load anomaly details</ErrorBanner>} />
    );
  }
  if (!query.data) {
    return (
      <Status title="Anomaly" body={<p className="text-sm text-muted">Anomaly not found</p>} />
    );
  }
  return <DetailTabs anomaly={query.data} />;
}

/** Loading and failure still name the dialog, so screen readers announce what is open. */
function Status({ title, body }: { title: string; body: ReactNode }) {
  return (
    <div className="mt-4">
      <FullScreenDialogTitle className="sr-only">{title}</FullScreenDialogTitle>
      {body}
    </div>
  );
}

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'incident', label: 'Incident' },
  { value: 'rca', label: 'Root Cause Analysis' },
  { value: 'remediation', label: 'Remediation' },
  { value: 'traceability', label: 'Traceability' },
] as const;

function DetailTabs({ anomaly }: { anomaly: Anomaly }) {
  return (
    <>
      <DetailHeader anomaly={anomaly} />
      <Tabs defaultValue="overview" className="mt-6">
        <TabsList aria-label="Anomaly details">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab anomaly={anomaly} />
        </TabsContent>
        <TabsContent value="incident">
          <IncidentTab anomaly={anomaly} />
        </TabsContent>
        <TabsContent value="rca">
          <RcaTab rcaData={anomaly.rca_data} />
        </TabsContent>
        <TabsContent value="remediation">
          <RemediationTab remediationData={anomaly.remediation_data} />
        </TabsContent>
        <TabsContent value="traceability">
          <TraceabilityTab data={anomaly.traceability_data} />
        </TabsContent>
      </Tabs>
    </>
  );
}
