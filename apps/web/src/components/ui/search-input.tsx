import { Search } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

export interface SearchInputProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Classes of the wrapper: its width and place in the surrounding flex or grid. */
  wrapperClassName?: string;
}

/** A page's text filter: a search field with the magnifier inside it, on the left. */
export function SearchInput({ wrapperClassName, className, ...props }: SearchInputProps) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
      />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
