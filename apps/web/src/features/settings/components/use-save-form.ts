import type { SaveResult } from '@vigil/contract';
import { useState } from 'react';
import type { ConfigValue, FlatConfig } from '../lib/config-types';
import { saveFailureText, saveFieldErrors } from '../lib/save-errors';
import type { SaveOutcome } from './save-status';
import type { ConfigForm } from './use-config-form';

/** Saves one key at once (`POST /api/settings/config/update`). */
export type UpdateOne = (path: string, value: ConfigValue) => Promise<SaveResult>;

/**
 * Sends a form's changes. A 400 puts the server's messages on their fields; another failure is
 * reported under the form (and logged by the API client); success clears the edits once the
 * reloaded values are in. With `update`, a single field can be restored to its default at once.
 */
export function useSaveForm(
  form: ConfigForm,
  save: (changes: FlatConfig) => Promise<SaveResult>,
  update?: UpdateOne,
) {
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(): Promise<SaveResult | null> {
    if (!form.state.canSave) return null;
    return run(() => save(form.state.changes), form.resetAll);
  }

  /** Saves the field's default now, leaving the form's other edits alone. */
  async function restoreDefault(path: string, value: ConfigValue): Promise<SaveResult | null> {
    if (!update) return null;
    return run(
      () => update(path, value),
      () => form.resetField(path),
    );
  }

  async function run(
    send: () => Promise<SaveResult>,
    onSaved: () => void,
  ): Promise<SaveResult | null> {
    setSaving(true);
    try {
      const result = await send();
      onSaved();
      setOutcome({ kind: 'saved', result });
      return result;
    } catch (error) {
      const fieldErrors = saveFieldErrors(error);
      const count = Object.keys(fieldErrors).length;
      if (count > 0) {
        form.setServerErrors(fieldErrors);
        setOutcome({ kind: 'rejected', count });
      } else {
        setOutcome({ kind: 'failed', message: saveFailureText(error) });
      }
      return null;
    } finally {
      setSaving(false);
    }
  }

  return {
    submit,
    restoreDefault: update ? restoreDefault : undefined,
    saving,
    outcome,
    clearOutcome: () => setOutcome(null),
  };
}
