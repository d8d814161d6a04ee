import type { AuditStats } from '@vigil/contract';
import { Activity, AlertTriangle, CheckCircle2, Play, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card } from '../../../components/ui/card';
import { formatSuccessRate } from '../lib/audit-text';

interface StatCard {
  label: string;
  icon: ComponentType<LucideProps>;
  value: (stats: AuditStats) => string;
}

const CARDS: readonly StatCard[] = [
  { label: 'Total Events', icon: Activity, value: (stats) => String(stats.total_events) },
  { label: 'Incidents', icon: AlertTriangle, value: (stats) => String(stats.incidents_count) },
  { label: 'Executions', icon: Play, value: (stats) => String(stats.executions_count) },
  {
    label: 'Success Rate',
    icon: CheckCircle2,
    value: (stats) => formatSuccessRate(stats.success_rate),
  },
];

/** The four cards of spec part 2 section 2.3; a dash until the stats arrive (or if they fail). */
export function AuditStatCards({ stats }: { stats: AuditStats | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ label, icon: Icon, value }) => (
        <Card key={label} className="p-4 md:p-4" data-testid="audit-stat">
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-medium text-muted">{label}</p>
            <Icon aria-hidden="true" className="size-4 text-subtle" />
          </div>
          <p className="mt-2 text-2xl font-semibold text-foreground" aria-label={label}>
            {stats ? value(stats) : '–'}
          </p>
        </Card>
      ))}
    </div>
  );
}
