import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentPropsWithRef<'div'>) {
  return (
    <div
      className={cn('rounded-xl border border-border bg-surface p-4 md:p-6', className)}
      {...props}
    />
  );
}
