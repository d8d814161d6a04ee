import type { ApprovedAction } from '@vigil/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useSaveAction } from '../api/save-action';
import { changeErrorMessage } from '../lib/action-errors';
import {
  EMPTY_ACTION_FORM,
  HTTP_METHODS,
  actionInputFromForm,
  formValuesFromAction,
  type ActionFormValues,
  type FormMethod,
} from '../lib/action-form';
import { FormField } from './form-field';

const METHOD_OPTIONS = HTTP_METHODS.map((method) => ({ value: method, label: method }));
const JSON_HINT = 'JSON object; text that does not parse is saved as {}';

export interface ActionFormDialogProps {
  open: boolean;
  /** The action being edited; null creates a new one. */
  action: ApprovedAction | null;
  onClose: () => void;
}

/** 'Create New Approved Action' / 'Edit Approved Action' (spec part 2 sections 2.1 and 5). */
export function ActionFormDialog({ open, action, onClose }: ActionFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogContent
          title={action ? 'Edit Approved Action' : 'Create New Approved Action'}
          className="max-h-[90dvh] overflow-y-auto md:max-w-2xl"
        >
          <ActionForm key={action?.id ?? 'new'} action={action} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ActionForm({ action, onDone }: { action: ApprovedAction | null; onDone: () => void }) {
  const [values, setValues] = useState<ActionFormValues>(() =>
    action ? formValuesFromAction(action) : EMPTY_ACTION_FORM,
  );
  const save = useSaveAction();
  const set = <K extends keyof ActionFormValues>(key: K, value: ActionFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof ActionFormValues) => ({
    value: String(values[key]),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = actionInputFromForm(values, action?.template_command);
    // A failure is logged by the API client and shown below the form.
    save.mutate(action ? { id: action.id, input } : { input }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
      <FormField label="Name" className="md:col-span-2">
        {(id) => <Input id={id} {...text('name')} />}
      </FormField>
      <FormField label="Description" className="md:col-span-2">
        {(id) => <Textarea id={id} className="font-sans" rows={2} {...text('description')} />}
      </FormField>
      <FormField label="Method">
        {(id) => (
          <Select
            id={id}
            options={METHOD_OPTIONS}
            value={values.method}
            onChange={(event) => set('method', event.target.value as FormMethod)}
          />
        )}
      </FormField>
      <FormField label="URL">
        {(id) => (
          <Input
            id={id}
            type="url"
            placeholder="https://ops.example.com/restart/{{component}}"
            {...text('url')}
          />
        )}
      </FormField>
      <FormField label="Headers" hint={JSON_HINT}>
        {(id) => <Textarea id={id} rows={4} {...text('headers')} />}
      </FormField>
      <FormField label="Body" hint="JSON; text that does not parse is saved as {}">
        {(id) => <Textarea id={id} rows={4} {...text('body')} />}
      </FormField>
      <FormField label="Tags" hint="Comma-separated">
        {(id) => <Input id={id} placeholder="restart, database" {...text('tags')} />}
      </FormField>
      <FormField label="Keywords" hint="Comma-separated">
        {(id) => <Input id={id} placeholder="connection pool, timeout" {...text('keywords')} />}
      </FormField>
      <FormField label="Max retries">
        {(id) => <Input id={id} type="number" inputMode="numeric" {...text('maxRetries')} />}
      </FormField>
      <FormField label="Timeout (seconds)">
        {(id) => <Input id={id} type="number" inputMode="numeric" {...text('timeoutSeconds')} />}
      </FormField>
      <FormField label="Required parameters" hint={JSON_HINT}>
        {(id) => <Textarea id={id} rows={4} {...text('requiredParameters')} />}
      </FormField>
      <FormField label="Optional parameters" hint={JSON_HINT}>
        {(id) => <Textarea id={id} rows={4} {...text('optionalParameters')} />}
      </FormField>
      <FormField label="Safety constraints" hint={JSON_HINT} className="md:col-span-2">
        {(id) => (
          <Textarea
            id={id}
            rows={3}
            placeholder='{"business_hours_only": true, "max_concurrent_limit": 1}'
            {...text('safetyConstraints')}
          />
        )}
      </FormField>
      <Checkbox
        label="Active"
        className="md:col-span-2"
        checked={values.isActive}
        onChange={(event) => set('isActive', event.target.checked)}
      />
      {save.isError ? (
        <ErrorBanner className="md:col-span-2">
          {changeErrorMessage(save.error, action ? 'update' : 'create')}
        </ErrorBanner>
      ) : null}
      <div className="flex justify-end gap-2 md:col-span-2">
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {action ? 'Update Action' : 'Create Action'}
        </Button>
      </div>
    </form>
  );
}
