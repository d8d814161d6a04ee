import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import type { SeverityVariant } from '../../lib/severity-style';

/** The severity looks (lib/severity-style.ts) plus the two status looks the screens need. */
export type BadgeVariant = SeverityVariant | 'success' | 'outline';

const VARIANTS: Record<BadgeVariant, string> = {
  destructive: 'bg-destructive/15 text-destructive-foreground ring-destructive/40',
  warning: 'bg-warning/15 text-warning-foreground ring-warning/40',
  default: 'bg-info/15 text-info-foreground ring-info/40',
  secondary: 'bg-surface-raised text-muted ring-border-strong',
  success: 'bg-success/15 text-success-foreground ring-success/40',
  outline: 'text-muted ring-border-strong',
};

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'secondary', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
