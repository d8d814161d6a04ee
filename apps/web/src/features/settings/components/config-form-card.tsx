import type { SaveResult } from '@vigil/contract';
import { Save } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useUpdateConfigValue } from '../api/update-config';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { FormOptions, FormState } from '../lib/config-form';
import type { FieldMeta, FlatConfig } from '../lib/config-types';
import { withContextLabels } from '../lib/field-meta';
import { restoreDefaultOf } from '../lib/restore-default';
import { NOT_USED_TEXT } from './config-field';
import { FieldSections } from './field-sections';
import { SaveStatus } from './save-status';
import { useConfigForm } from './use-config-form';
import { useSaveForm } from './use-save-form';
import { ValidationSummary } from './validation-summary';

export interface ConfigFormCardProps {
  title: string;
  /** Badges and facts beside the title (status, agents using it...). */
  headerExtra?: ReactNode;
  description?: ReactNode;
  fields: readonly FieldMeta[];
  saved: FlatConfig;
  saveLabel: string;
  onSave(changes: FlatConfig): Promise<SaveResult>;
  /** More buttons beside Reset and Save (Test Connection); may read the form's state. */
  footerExtra?: ReactNode | ((state: FormState) => ReactNode);
  formOptions?: FormOptions;
  titledSections?: boolean;
  /** Marks the whole card "not used by this deployment" (it is also marked when every field is). */
  notUsed?: boolean;
  /**
   * Local only (PostgreSQL): no live server validation and no per-field "Restore default", as
   * neither may reach the server.
   */
  local?: boolean;
  testId?: string;
}

/** A card holding one form: its fields by section, the validation summary, Reset and Save. */
export function ConfigFormCard({
  title,
  headerExtra,
  description,
  fields: givenFields,
  saved,
  saveLabel,
  onSave,
  footerExtra,
  formOptions,
  titledSections = true,
  notUsed = false,
  local = false,
  testId,
}: ConfigFormCardProps) {
  const fields = useMemo(() => withContextLabels(givenFields), [givenFields]);
  const form = useConfigForm(fields, saved, formOptions, { liveValidation: !local });
  const allUnused = fields.length > 0 && fields.every((field) => !field.usedByDeployment);
  const update = useUpdateConfigValue();
  const { submit, restoreDefault, saving, outcome } = useSaveForm(
    form,
    onSave,
    local ? undefined : (path, value) => update.mutateAsync({ path, value }),
  );
  const onRestoreDefault = restoreDefault
    ? (path: string) => restoreDefaultOf(fields, path, restoreDefault)
    : undefined;
  return (
    <Card data-testid={testId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-foreground">{title}</h2>
          {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
        </div>
        {headerExtra || allUnused || notUsed ? (
          <div className="flex flex-wrap items-center gap-1.5">
            {headerExtra}
            {allUnused || notUsed ? <Badge variant="outline">{NOT_USED_TEXT}</Badge> : null}
          </div>
        ) : null}
      </div>
      <FieldSections
        fields={fields}
        saved={saved}
        state={form.state}
        listStyle={formOptions?.listStyle}
        onInput={form.setInput}
        onReset={form.resetField}
        onRestoreDefault={onRestoreDefault}
        busy={saving}
        titled={titledSections}
        markUnused={!allUnused}
      />
      <ValidationSummary
        errors={form.state.errors}
        warnings={form.state.warnings}
        serverCheckUnavailable={form.serverCheckUnavailable}
      />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-4">
        <div className="mr-auto min-w-0">
          <SaveStatus outcome={outcome} />
        </div>
        {typeof footerExtra === 'function' ? footerExtra(form.state) : footerExtra}
        <Button onClick={form.resetAll} disabled={!form.state.dirty || saving}>
          Reset
        </Button>
        <Button
          variant="primary"
          onClick={() => void submit()}
          disabled={!form.state.canSave || saving}
        >
          <Save aria-hidden="true" />
          {saving ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </Card>
  );
}
