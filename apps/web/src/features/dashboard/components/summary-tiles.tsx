import { Activity, Boxes, HeartPulse, Server } from 'lucide-react';
import type { ReactNode } from 'react';
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
    <div
      className="rounded-xl border border-border bg-surface p-4"
      data-testid={`tile-${label.toLowerCase().replaceAll(' ', '-')}`}
    >
      <div className="flex items-center justify-between gap-2 text-sm text-muted">
        <span>{label}</span>
        <span className="text-subtle [&_svg]:size-4">{icon}</span>
      </div>
      <div className="mt-2 text-2xl font-semibold tracking-tight text-foreground tabular-nums">
        {children}
      </div>
    </div>
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
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
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
