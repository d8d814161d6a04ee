import type { AuditType } from '@vigil/contract';
import {
  Bell,
  CheckCheck,
  CircleAlert,
  CircleCheck,
  Play,
  Settings2,
  ThumbsUp,
  TriangleAlert,
  type LucideProps,
} from 'lucide-react';
import type { ComponentType } from 'react';

const ICONS: Record<AuditType, ComponentType<LucideProps>> = {
  anomaly_detected: TriangleAlert,
  incident_opened: CircleAlert,
  incident_closed: CircleCheck,
  action_executed: Play,
  action_approved: CheckCheck,
  config_changed: Settings2,
  notification_sent: Bell,
  anomaly_feedback: ThumbsUp,
};

export function AuditEntryIcon({ type }: { type: AuditType }) {
  const Icon = ICONS[type];
  return (
    <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-surface-raised text-muted sm:flex">
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
