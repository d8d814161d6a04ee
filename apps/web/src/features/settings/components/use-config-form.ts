import { useCallback, useMemo, useState } from 'react';
import {
  evaluateForm,
  type FieldInput,
  type FormOptions,
  type FormState,
} from '../lib/config-form';
import type { FieldMeta, FlatConfig } from '../lib/config-types';
import { serverCheckUnavailable, withServerChecks } from '../lib/live-validation';
import { useLiveValidation } from './use-live-validation';

export interface ConfigForm {
  /** The client's checks merged with the server's live validation. */
  state: FormState;
  /** A live validate call failed for a value in the form (the save still checks it). */
  serverCheckUnavailable: boolean;
  setInput(path: string, input: FieldInput): void;
  resetField(path: string): void;
  /** Drops every edit and every server message. */
  resetAll(): void;
  /** Shows the server's per-field messages from a rejected save. */
  setServerErrors(errors: Record<string, string>): void;
}

export interface ConfigFormSettings {
  /** Edited values are checked by the server while typing (off for local-only forms). */
  liveValidation?: boolean;
}

/** The edits of one form over its saved values; all rules live in lib/config-form.ts. */
export function useConfigForm(
  fields: readonly FieldMeta[],
  saved: FlatConfig,
  options: FormOptions = {},
  { liveValidation = true }: ConfigFormSettings = {},
): ConfigForm {
  const [inputs, setInputs] = useState<Record<string, FieldInput>>({});
  const [serverErrors, setServerErrorsState] = useState<Record<string, string>>({});
  const { listStyle } = options;

  const clientState = useMemo(
    () => evaluateForm(fields, saved, inputs, serverErrors, { listStyle }),
    [fields, saved, inputs, serverErrors, listStyle],
  );
  const checks = useLiveValidation(fields, clientState, liveValidation);
  const state = useMemo(
    () => withServerChecks(clientState, fields, checks),
    [clientState, fields, checks],
  );

  // A rejected save judged the values sent together (cross-field rules included): once any of
  // them changes its verdict is stale. The live check brings back what still applies per field.
  const dropServerErrors = () =>
    setServerErrorsState((current) => (Object.keys(current).length === 0 ? current : {}));

  const setInput = useCallback((path: string, input: FieldInput) => {
    setInputs((current) => ({ ...current, [path]: input }));
    dropServerErrors();
  }, []);

  const resetField = useCallback((path: string) => {
    setInputs((current) => {
      const { [path]: _dropped, ...rest } = current;
      return rest;
    });
    dropServerErrors();
  }, []);

  const resetAll = useCallback(() => {
    setInputs({});
    setServerErrorsState({});
  }, []);

  return {
    state,
    serverCheckUnavailable: serverCheckUnavailable(clientState, checks),
    setInput,
    resetField,
    resetAll,
    setServerErrors: setServerErrorsState,
  };
}
