import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface StatTileProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  label: string;
  /** A lucide icon, drawn muted on the right of the label. */
  icon: ReactNode;
  /** Names the value itself (`aria-label`), so it can be found by its label. */
  valueLabel?: string;
  children: ReactNode;
}

/** One figure of a page's summary row (Dashboard tiles, Audit stats): label, icon, big number. */
export function StatTile({
  label,
  icon,
  valueLabel,
  children,
  className,
  ...props
}: StatTileProps) {
  return (
    <div className={cn('rounded-xl border border-border bg-surface p-4', className)} {...props}>
      <div className="flex items-center justify-between gap-2 text-sm text-muted">
        <span>{label}</span>
        <span aria-hidden="true" className="text-subtle [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <div
        className="mt-2 text-2xl font-semibold tracking-tight text-foreground tabular-nums"
        aria-label={valueLabel}
      >
        {children}
      </div>
    </div>
  );
}

/** The grid a row of stat tiles sits in: two across on a phone, four from 1024 px. */
export const STAT_TILE_GRID = 'grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4';
