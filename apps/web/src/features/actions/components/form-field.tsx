import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface FormFieldProps {
  label: string;
  hint?: ReactNode;
  className?: string;
  /** Gets the id the label points at. */
  children: (id: string) => ReactElement;
}

export function FormField({ label, hint, className, children }: FormFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-subtle">{hint}</p> : null}
    </div>
  );
}
