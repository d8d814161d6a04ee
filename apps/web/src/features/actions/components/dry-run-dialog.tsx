import type { ApprovedAction, Execution } from '@vigil/contract';
import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Input } from '../../../components/ui/input';
import { useDryRun } from '../api/execute-action';
import { changeErrorMessage } from '../lib/action-errors';
import { filledParameters, parameterFields } from '../lib/dry-run-parameters';
import { prettyBody } from '../lib/pretty-body';
import { DetailSection } from './detail-section';
import { FormField } from './form-field';
import { JsonBlock } from './json-block';

export interface DryRunDialogProps {
  action: ApprovedAction | null;
  onClose: () => void;
}

/**
 * Beyond the spec: renders the exact request the executor would send, with secrets masked by the
 * server. Nothing leaves the server, not even a DNS lookup.
 */
export function DryRunDialog({ action, onClose }: DryRunDialogProps) {
  return (
    <Dialog open={action !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {action ? (
        <DialogContent
          title={`Dry run: ${action.name}`}
          description="Shows the exact request the executor would send. Nothing is sent."
          className="max-h-[90dvh] overflow-y-auto md:max-w-2xl"
        >
          <DryRunForm key={action.id} action={action} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DryRunForm({ action }: { action: ApprovedAction }) {
  const fields = parameterFields(action);
  const [values, setValues] = useState<Record<string, string>>({});
  const dryRun = useDryRun();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dryRun.mutate({ action_id: action.id, parameters: filledParameters(values) });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      {fields.length === 0 ? (
        <p className="text-sm text-subtle">This action takes no parameters.</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {fields.map((field) => (
            <FormField
              key={field.name}
              label={field.required ? `${field.name} *` : field.name}
              hint={field.description}
            >
              {(id) => (
                <Input
                  id={id}
                  value={values[field.name] ?? ''}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.name]: event.target.value }))
                  }
                />
              )}
            </FormField>
          ))}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button>Close</Button>
        </DialogClose>
        <Button type="submit" variant="primary" disabled={dryRun.isPending}>
          <FlaskConical aria-hidden="true" />
          Run Dry Run
        </Button>
      </div>
      {dryRun.isError ? (
        <ErrorBanner>{changeErrorMessage(dryRun.error, 'execute')}</ErrorBanner>
      ) : null}
      {dryRun.data ? <RenderedRequestView execution={dryRun.data} /> : null}
    </form>
  );
}

function RenderedRequestView({ execution }: { execution: Execution }) {
  const request = execution.request;
  return (
    <div className="space-y-3 border-t border-border pt-4" data-testid="dry-run-result">
      {execution.error_message ? (
        <ErrorBanner>Would be refused: {execution.error_message}</ErrorBanner>
      ) : (
        <p className="text-sm text-success-foreground">
          Valid: this request would be sent (timeout {request?.timeout_seconds ?? 'N/A'}s).
        </p>
      )}
      {request ? (
        <>
          <DetailSection title="Request">
            <p
              className="font-mono text-sm break-all text-foreground"
              data-testid="dry-run-request-line"
            >
              {request.method} {request.url}
            </p>
          </DetailSection>
          <DetailSection title="Headers">
            <JsonBlock value={request.headers} label="Request headers" />
          </DetailSection>
          <DetailSection title="Body">
            <JsonBlock value={prettyBody(request.body) ?? undefined} label="Request body" />
          </DetailSection>
        </>
      ) : null}
    </div>
  );
}
