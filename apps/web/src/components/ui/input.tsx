import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

/** The look every text-like control shares (input, textarea, select). */
export const FIELD_CLASSES =
  'w-full rounded-md border border-border-strong bg-surface-raised px-3 text-sm text-foreground placeholder:text-subtle focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive';

export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input className={cn(FIELD_CLASSES, 'h-9', className)} {...props} />;
}
