import type { ApprovedAction } from '@vigil/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useActions } from '../api/get-actions';
import { fetchErrorMessage } from '../lib/action-errors';
import { actionsFoundText, filterActions, type ActionFilters } from '../lib/filter-actions';
import { ActionCard, type CardCommand } from './action-card';
import { ActionFiltersBar } from './action-filters-bar';
import { ActionFormDialog } from './action-form-dialog';
import { ActionViewDialog } from './action-view-dialog';
import { ApprovalQueue } from './approval-queue';
import { DeleteActionDialog } from './delete-action-dialog';
import { DryRunDialog } from './dry-run-dialog';
import { EmptyActions } from './empty-actions';
import { useActionDeepLinks } from './use-action-deep-links';

/** Which dialog is open; one at a time. */
type OpenDialog =
  { kind: 'none' } | { kind: 'create' } | { kind: CardCommand; action: ApprovedAction };

/** The Approved Actions screen (/policies, spec part 2 section 2.1). */
export function ActionsPage() {
  const query = useActions();
  const [filters, setFilters] = useState<ActionFilters>({ search: '', status: 'all' });
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const open = (kind: CardCommand, action: ApprovedAction) => setDialog({ kind, action });
  useActionDeepLinks(query.data?.actions, (action) => open('edit', action));

  const all = query.data?.actions ?? [];
  const shown = filterActions(all, filters);
  const dialogAction = (kind: CardCommand) =>
    dialog.kind === kind && 'action' in dialog ? dialog.action : null;

  return (
    <>
      <PageHeader
        title="Approved Actions"
        subtitle="Pre-approved recovery actions that Vigil can run automatically"
        actions={
          <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            Add Action
          </Button>
        }
      />
      <ApprovalQueue />
      <div className="space-y-4">
        <ActionFiltersBar filters={filters} onChange={setFilters} />
        {query.isPending ? <Spinner label="Loading approved actions..." className="py-8" /> : null}
        {query.isError ? (
          <LoadError
            message={`Error loading data: ${fetchErrorMessage(query.error, 'actions')}`}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : null}
        {query.isSuccess ? (
          <>
            <p className="text-sm text-muted" aria-live="polite" data-testid="actions-count">
              {actionsFoundText(shown.length)}
            </p>
            {shown.length === 0 ? (
              <EmptyActions
                catalogueEmpty={all.length === 0}
                onCreate={() => setDialog({ kind: 'create' })}
              />
            ) : (
              <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
                {shown.map((action) => (
                  <ActionCard key={action.id} action={action} onCommand={open} />
                ))}
              </div>
            )}
          </>
        ) : null}
      </div>
      <ActionViewDialog
        action={dialogAction('view')}
        onClose={close}
        onEdit={(action) => open('edit', action)}
        onDryRun={(action) => open('dry-run', action)}
      />
      <ActionFormDialog
        open={dialog.kind === 'create' || dialog.kind === 'edit'}
        action={dialogAction('edit')}
        onClose={close}
      />
      <DeleteActionDialog action={dialogAction('delete')} onClose={close} />
      <DryRunDialog action={dialogAction('dry-run')} onClose={close} />
    </>
  );
}
