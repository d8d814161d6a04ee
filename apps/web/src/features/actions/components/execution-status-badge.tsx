import type { ExecutionStatus } from '@vigil/contract';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

/** Spec part 1 section 9's badge colours: success green, failed red, pending amber. */
const VARIANTS: Record<ExecutionStatus, BadgeVariant> = {
  success: 'success',
  failed: 'destructive',
  timeout: 'destructive',
  rejected: 'destructive',
  pending: 'warning',
  pending_approval: 'warning',
  running: 'default',
};

const LABELS: Record<ExecutionStatus, string> = {
  success: 'success',
  failed: 'failed',
  timeout: 'timeout',
  rejected: 'rejected',
  pending: 'pending',
  pending_approval: 'waiting for approval',
  running: 'running',
};

export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}
