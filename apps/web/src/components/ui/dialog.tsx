import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps extends Omit<
  ComponentPropsWithRef<typeof RadixDialog.Content>,
  'title'
> {
  /** Required: a dialog without a name is unusable with a screen reader (Radix also warns). */
  title: ReactNode;
  description?: ReactNode;
}

/**
 * A centred modal: focus is trapped and returned on close, Escape and the overlay close it, and
 * the page behind does not scroll. Radix injects its scroll-lock styles, which the CSP allows
 * (`style-src 'unsafe-inline'`).
 */
export function DialogContent({
  title,
  description,
  className,
  children,
  ...props
}: DialogContentProps) {
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <RadixDialog.Content
        aria-modal="true"
        {...describedBy}
        {...props}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface p-6 shadow-2xl shadow-black/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          className,
        )}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold text-foreground">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-muted">
            {description}
          </RadixDialog.Description>
        ) : null}
        <RadixDialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label="Close" className="absolute top-3 right-3">
            <X aria-hidden="true" />
          </Button>
        </RadixDialog.Close>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
