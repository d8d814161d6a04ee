import { ApplicationsPage } from '../../features/applications/components/applications-page';

export function ApplicationsRoute() {
  return <ApplicationsPage />;
}
