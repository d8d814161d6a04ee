import { cn } from '../../lib/cn';

export interface SpinnerProps {
  /** Shown beside the spinner and announced to screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading...', className }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center gap-3 text-sm text-muted', className)}
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-border-strong border-t-primary motion-reduce:animate-[spin_2.4s_linear_infinite]"
      />
      <span>{label}</span>
    </div>
  );
}
