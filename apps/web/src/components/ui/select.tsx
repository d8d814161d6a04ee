import type { ComponentPropsWithRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { FIELD_CLASSES } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  options: readonly SelectOption[];
}

/** A native select: keyboard, screen-reader and mobile pickers work without extra code. */
export function Select({ options, className, ...props }: SelectProps) {
  return (
    <span className={cn('relative inline-flex', className)}>
      <select className={cn(FIELD_CLASSES, 'h-9 cursor-pointer appearance-none pr-8')} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
      />
    </span>
  );
}
