import { ActionsPage } from '../../features/actions/components/actions-page';

export function PoliciesRoute() {
  return <ActionsPage />;
}
