import type { AuditStats } from '@vigil/contract';
import { Activity, AlertTriangle, CheckCircle2, Play, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';
import { STAT_TILE_GRID, StatTile } from '../../../components/ui/stat-tile';
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
    <div className={STAT_TILE_GRID}>
      {CARDS.map(({ label, icon: Icon, value }) => (
        <StatTile
          key={label}
          label={label}
          icon={<Icon />}
          valueLabel={label}
          data-testid="audit-stat"
        >
          {stats ? value(stats) : '–'}
        </StatTile>
      ))}
    </div>
  );
}
