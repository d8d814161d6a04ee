import { Activity, Boxes, HeartPulse, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { STAT_TILE_GRID, StatTile } from '../../../components/ui/stat-tile';
import { cn } from '../../../lib/cn';

export interface SummaryTilesProps {
  healthy: number | null;
  total: number | null;
  healthPercent: number | null;
  applications: number | null;
  orchestratorOnline: boolean | null;
}

function Tile({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <StatTile
      label={label}
      icon={icon}
      data-testid={`tile-${label.toLowerCase().replaceAll(' ', '-')}`}
    >
      {children}
    </StatTile>
  );
}

const dash = '—';

/** The four summary tiles; a value not loaded yet reads as a dash. */
export function SummaryTiles({
  healthy,
  total,
  healthPercent,
  applications,
  orchestratorOnline,
}: SummaryTilesProps) {
  return (
    <section aria-label="Summary" className={STAT_TILE_GRID}>
      <Tile label="Active Agents" icon={<Activity />}>
        {healthy === null || total === null ? dash : `${healthy}/${total}`}
      </Tile>
      <Tile label="System Health" icon={<HeartPulse />}>
        {healthPercent === null ? dash : `${healthPercent}%`}
      </Tile>
      <Tile label="Applications" icon={<Boxes />}>
        {applications ?? dash}
      </Tile>
      <Tile label="Orchestrator Status" icon={<Server />}>
        {orchestratorOnline === null ? (
          dash
        ) : (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                'size-2.5 rounded-full',
                orchestratorOnline ? 'bg-status-healthy' : 'bg-status-critical',
              )}
            />
            {orchestratorOnline ? 'Online' : 'Offline'}
          </span>
        )}
      </Tile>
    </section>
  );
}
