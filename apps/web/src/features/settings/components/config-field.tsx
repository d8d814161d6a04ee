import { RotateCcw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import type { FieldInput, FieldState, ListStyle } from '../lib/config-form';
import type { ConfigValue, FieldMeta } from '../lib/config-types';
import { boundsText, fieldInputId } from '../lib/field-meta';
import { differsFromDefault } from '../lib/restore-default';
import { ListField } from './list-field';
import { RestoreDefault } from './restore-default';
import { SecretInput } from './secret-input';

export const NOT_USED_TEXT = 'not used by this deployment';

export interface ConfigFieldProps {
  meta: FieldMeta;
  field: FieldState;
  saved: ConfigValue | undefined;
  listStyle?: ListStyle;
  /** False when the card already says the whole form is not used by this deployment. */
  markUnused?: boolean;
  onInput(path: string, input: FieldInput): void;
  onReset(path: string): void;
  /** Saves the field's default at once; absent where the form is local only. */
  onRestoreDefault?(path: string): Promise<unknown>;
  /** A save of this form is running. */
  busy?: boolean;
}

/** One setting: label, badges, the control its kind calls for, bounds and messages. */
export function ConfigField({
  meta,
  field,
  saved,
  listStyle = 'lines',
  markUnused = true,
  onInput,
  onReset,
  onRestoreDefault,
  busy = false,
}: ConfigFieldProps) {
  const id = fieldInputId(meta.path);
  const messageId = `${id}-message`;
  const bounds = boundsText(meta);
  return (
    <div data-field={meta.path} className="flex min-w-0 flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-1.5">
        {meta.kind === 'boolean' ? null : (
          <label htmlFor={id} className="text-sm font-medium text-foreground">
            {meta.label}
            {meta.required ? (
              <span className="ml-0.5 text-destructive" aria-hidden="true">
                *
              </span>
            ) : null}
          </label>
        )}
        {field.modified ? (
          <ModifiedBadge label={meta.label} onReset={() => onReset(meta.path)} />
        ) : null}
        {onRestoreDefault && differsFromDefault(meta, saved) ? (
          <RestoreDefault
            meta={meta}
            disabled={busy}
            onRestore={() => onRestoreDefault(meta.path)}
          />
        ) : null}
        {meta.restartRequired ? <Badge variant="warning">Restart required</Badge> : null}
        {meta.usedByDeployment || !markUnused ? null : (
          <Badge variant="outline">{NOT_USED_TEXT}</Badge>
        )}
      </div>
      <FieldControl
        meta={meta}
        field={field}
        saved={saved}
        listStyle={listStyle}
        id={id}
        describedBy={messageId}
        onInput={(input) => onInput(meta.path, input)}
      />
      <p className="flex flex-wrap gap-x-2 font-mono text-[0.6875rem] leading-4 break-all text-subtle">
        {meta.path}
        {bounds ? (
          <span className="font-sans whitespace-nowrap text-muted">Range {bounds}</span>
        ) : null}
      </p>
      {meta.description ? <p className="text-xs text-muted">{meta.description}</p> : null}
      <p id={messageId} aria-live="polite" className="text-xs empty:hidden">
        {field.error ? <span className="text-destructive-foreground">{field.error}</span> : null}
        {!field.error && field.warning ? (
          <span className="text-warning-foreground">{field.warning}</span>
        ) : null}
      </p>
    </div>
  );
}

function ModifiedBadge({ label, onReset }: { label: string; onReset(): void }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      <Badge variant="default">Modified</Badge>
      <Button
        variant="ghost"
        size="icon"
        className="size-6 [&_svg]:size-3.5"
        aria-label={`Reset ${label}`}
        title="Reset to the saved value"
        onClick={onReset}
      >
        <RotateCcw aria-hidden="true" />
      </Button>
    </span>
  );
}

interface ControlProps {
  meta: FieldMeta;
  field: FieldState;
  saved: ConfigValue | undefined;
  listStyle: ListStyle;
  id: string;
  describedBy: string;
  onInput(input: FieldInput): void;
}

function FieldControl({ meta, field, saved, listStyle, id, describedBy, onInput }: ControlProps) {
  const common = {
    id,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': meta.required || undefined,
  };
  const text = typeof field.input === 'string' ? field.input : '';
  switch (meta.kind) {
    case 'boolean':
      return (
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-foreground">
          <input
            {...common}
            type="checkbox"
            className="size-4 cursor-pointer accent-primary"
            checked={field.input === true}
            onChange={(event) => onInput(event.target.checked)}
          />
          {meta.label}
        </label>
      );
    case 'enum':
      return (
        <Select
          {...common}
          className="w-full"
          value={text}
          onChange={(event) => onInput(event.target.value)}
          options={(meta.options ?? []).map((option) => ({
            value: option,
            label: meta.unusedOptions?.includes(option) ? `${option} (${NOT_USED_TEXT})` : option,
          }))}
        />
      );
    case 'string_list':
      return (
        <ListField
          id={id}
          label={meta.label}
          text={text}
          options={meta.options}
          listStyle={listStyle}
          invalid={Boolean(field.error)}
          describedBy={describedBy}
          onText={onInput}
        />
      );
    case 'integer':
    case 'number':
      return (
        <Input
          {...common}
          inputMode={meta.kind === 'integer' ? 'numeric' : 'decimal'}
          className={cn('font-mono')}
          value={text}
          onChange={(event) => onInput(event.target.value)}
        />
      );
    default:
      return meta.secret ? (
        <SecretInput
          {...common}
          label={meta.label}
          isSet={saved !== undefined && saved !== ''}
          value={text}
          onChange={(event) => onInput(event.target.value)}
        />
      ) : (
        <Input {...common} value={text} onChange={(event) => onInput(event.target.value)} />
      );
  }
}
