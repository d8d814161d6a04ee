import type { ApprovedAction } from '@vigil/contract';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { useDeleteAction } from '../api/delete-action';
import { changeErrorMessage } from '../lib/action-errors';

export interface DeleteActionDialogProps {
  action: ApprovedAction | null;
  onClose: () => void;
}

export function DeleteActionDialog({ action, onClose }: DeleteActionDialogProps) {
  const remove = useDeleteAction();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={action !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {action ? (
        <DialogContent
          role="alertdialog"
          title="Delete action"
          description="Are you sure you want to delete this action?"
        >
          <p className="mt-3 text-sm font-medium break-words text-foreground">{action.name}</p>
          {remove.isError ? (
            <ErrorBanner className="mt-3">{changeErrorMessage(remove.error, 'delete')}</ErrorBanner>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(action.id, { onSuccess: close })}
            >
              Delete
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
