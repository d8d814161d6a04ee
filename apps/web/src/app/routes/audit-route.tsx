import { AuditPage } from '../../features/audit/components/audit-page';

export function AuditRoute() {
  return <AuditPage />;
}
