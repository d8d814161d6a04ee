import { Menu, X } from 'lucide-react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { PRODUCT_NAME } from '../navigation';
import { NavList } from './nav-list';
import { VigilLogo } from './vigil-logo';

export interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The mobile navigation (< 1024 px): a modal dialog sliding in from the left. Radix gives it the
 * dialog role, traps and returns focus, closes on Escape and overlay click, and locks the page
 * scroll while open. Closing on route change is the shell's job (it owns `open`).
 */
export function NavDrawer({ open, onOpenChange }: NavDrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation menu" className="lg:hidden">
          <Menu aria-hidden="true" />
        </Button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-40 bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          data-testid="nav-drawer"
          aria-modal="true"
          className="fixed inset-y-0 left-0 z-50 flex w-drawer max-w-[85vw] flex-col border-r border-border bg-surface shadow-2xl shadow-black/50 data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex h-header shrink-0 items-center justify-between border-b border-border px-4">
            <Link
              to="/"
              className="flex items-center gap-2 rounded-md text-base font-semibold text-foreground"
            >
              <VigilLogo className="size-7" />
              {PRODUCT_NAME}
            </Link>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close navigation menu">
                <X aria-hidden="true" />
              </Button>
            </RadixDialog.Close>
          </div>
          <VisuallyHidden.Root asChild>
            <RadixDialog.Title>Navigation</RadixDialog.Title>
          </VisuallyHidden.Root>
          <VisuallyHidden.Root asChild>
            <RadixDialog.Description>Go to another page of the console.</RadixDialog.Description>
          </VisuallyHidden.Root>
          <div className="flex-1 overflow-y-auto px-3 py-4">
            <NavList />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
