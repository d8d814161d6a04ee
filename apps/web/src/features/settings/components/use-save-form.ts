import type { SaveResult } from '@vigil/contract';
import { useState } from 'react';
import type { FlatConfig } from '../lib/config-types';
import { saveFailureText, saveFieldErrors } from '../lib/save-errors';
import type { SaveOutcome } from './save-status';
import type { ConfigForm } from './use-config-form';

/**
 * Sends a form's changes. A 400 puts the server's messages on their fields; another failure is
 * reported under the form (and logged by the API client); success clears the edits once the
 * reloaded values are in.
 */
export function useSaveForm(form: ConfigForm, save: (changes: FlatConfig) => Promise<SaveResult>) {
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(): Promise<SaveResult | null> {
    if (!form.state.canSave) return null;
    setSaving(true);
    try {
      const result = await save(form.state.changes);
      form.resetAll();
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

  return { submit, saving, outcome, clearOutcome: () => setOutcome(null) };
}
