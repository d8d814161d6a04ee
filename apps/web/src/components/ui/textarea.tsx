import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { FIELD_CLASSES } from './input';

export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return (
    <textarea className={cn(FIELD_CLASSES, 'min-h-20 py-2 font-mono', className)} {...props} />
  );
}
