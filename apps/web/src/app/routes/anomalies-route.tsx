import { AnomaliesPage } from '../../features/anomalies/components/anomalies-page';

export function AnomaliesRoute() {
  return <AnomaliesPage />;
}
