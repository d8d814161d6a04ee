import type { ApprovedAction } from '@vigil/contract';
import { FlaskConical, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { displayDescription, formatDateTime } from '../../../lib/format';
import { ActionStatusBadge } from './action-status-badge';
import { ActionTags } from './action-tags';
import { DetailSection } from './detail-section';
import { ExecutionHistory } from './execution-history';
import { JsonBlock } from './json-block';

export interface ActionViewDialogProps {
  action: ApprovedAction | null;
  onClose: () => void;
  onEdit: (action: ApprovedAction) => void;
  onDryRun: (action: ApprovedAction) => void;
}

/** Every field of one action (spec part 2 section 2.1), its success rate and its history. */
export function ActionViewDialog({ action, onClose, onEdit, onDryRun }: ActionViewDialogProps) {
  return (
    <Dialog open={action !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {action ? (
        <DialogContent
          title={action.name}
          className="max-h-[90dvh] overflow-y-auto md:max-w-2xl"
          data-testid="action-view-dialog"
        >
          <div className="mt-4 space-y-5">
            <DetailSection title="Description">
              <p className="text-sm text-foreground">{displayDescription(action.description)}</p>
            </DetailSection>
            <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-subtle">Status</dt>
                <dd className="mt-1">
                  <ActionStatusBadge active={action.is_active} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-subtle">Max retries</dt>
                <dd className="mt-1 font-medium text-foreground">{action.max_retries}</dd>
              </div>
              <div>
                <dt className="text-xs text-subtle">Timeout</dt>
                <dd className="mt-1 font-medium text-foreground">{action.timeout_seconds}s</dd>
              </div>
              <div>
                <dt className="text-xs text-subtle">Last updated</dt>
                <dd className="mt-1 font-medium text-foreground">
                  {formatDateTime(action.updated_at)}
                </dd>
              </div>
            </dl>
            <DetailSection title="Tags">
              {action.tags.length === 0 ? (
                <p className="text-sm text-subtle">None</p>
              ) : (
                <ActionTags tags={action.tags} limit={action.tags.length} />
              )}
            </DetailSection>
            <DetailSection title="Keywords">
              {action.keywords.length === 0 ? (
                <p className="text-sm text-subtle">None</p>
              ) : (
                <p className="text-sm text-foreground">{action.keywords.join(', ')}</p>
              )}
            </DetailSection>
            <DetailSection title="Command template">
              <JsonBlock value={action.template_command} label="Command template" />
            </DetailSection>
            <DetailSection title="Required parameters">
              <JsonBlock value={action.required_parameters} label="Required parameters" />
            </DetailSection>
            <DetailSection title="Optional parameters">
              <JsonBlock value={action.optional_parameters} label="Optional parameters" />
            </DetailSection>
            <DetailSection title="Safety constraints">
              <JsonBlock value={action.safety_constraints} label="Safety constraints" />
            </DetailSection>
            <DetailSection title="Executions">
              <ExecutionHistory actionId={action.id} />
            </DetailSection>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button onClick={() => onDryRun(action)}>
              <FlaskConical aria-hidden="true" />
              Dry Run
            </Button>
            <Button variant="primary" onClick={() => onEdit(action)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
