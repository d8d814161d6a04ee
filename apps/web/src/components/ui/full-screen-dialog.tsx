import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

export const FullScreenDialog = RadixDialog.Root;
/** Required inside the content: the dialog's accessible name (style it as the page's heading). */
export const FullScreenDialogTitle = RadixDialog.Title;
export const FullScreenDialogClose = RadixDialog.Close;

/**
 * A view that covers the whole window (a detail page over a list): focus is trapped and returned,
 * Escape closes it, the page behind does not scroll, and the content scrolls on its own.
 */
export function FullScreenDialogContent({
  className,
  ...props
}: ComponentPropsWithRef<typeof RadixDialog.Content>) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Content
        aria-modal="true"
        aria-describedby={undefined}
        {...props}
        className={cn(
          'fixed inset-0 z-40 overflow-y-auto overscroll-contain bg-background focus-visible:outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          className,
        )}
      />
    </RadixDialog.Portal>
  );
}
