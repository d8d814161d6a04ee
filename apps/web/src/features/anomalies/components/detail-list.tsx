import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** Labelled values in a grid: two columns from the tablet width up, one on phones. */
export function DetailList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn('grid grid-cols-2 gap-x-6 gap-y-3 text-sm', className)}>{children}</dl>;
}

export interface DetailFieldProps {
  label: string;
  /** null, undefined and '' read 'N/A' (spec part 1 section 5). */
  children?: ReactNode;
  /** Spans both columns (long text). */
  wide?: boolean;
  mono?: boolean;
}

export function DetailField({ label, children, wide = false, mono = false }: DetailFieldProps) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-subtle uppercase">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 break-words text-foreground',
          mono && 'font-mono text-xs',
          empty && 'text-muted',
        )}
      >
        {empty ? 'N/A' : children}
      </dd>
    </div>
  );
}

export function DetailSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn('min-w-0 rounded-xl border border-border bg-surface p-4 md:p-5', className)}
    >
      <h3 className="mb-3 text-sm font-semibold text-foreground">{title}</h3>
      {children}
    </section>
  );
}

export function EmptyTab({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-sm text-muted">
      {children}
    </p>
  );
}
