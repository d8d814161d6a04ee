import { useCallback, useMemo, useState } from 'react';
import {
  evaluateForm,
  type FieldInput,
  type FormOptions,
  type FormState,
} from '../lib/config-form';
import type { FieldMeta, FlatConfig } from '../lib/config-types';

export interface ConfigForm {
  state: FormState;
  setInput(path: string, input: FieldInput): void;
  resetField(path: string): void;
  /** Drops every edit and every server message. */
  resetAll(): void;
  /** Shows the server's per-field messages from a rejected save. */
  setServerErrors(errors: Record<string, string>): void;
}

/** The edits of one form over its saved values; all rules live in lib/config-form.ts. */
export function useConfigForm(
  fields: readonly FieldMeta[],
  saved: FlatConfig,
  options: FormOptions = {},
): ConfigForm {
  const [inputs, setInputs] = useState<Record<string, FieldInput>>({});
  const [serverErrors, setServerErrorsState] = useState<Record<string, string>>({});
  const { listStyle } = options;

  const state = useMemo(
    () => evaluateForm(fields, saved, inputs, serverErrors, { listStyle }),
    [fields, saved, inputs, serverErrors, listStyle],
  );

  const dropServerError = (path: string) =>
    setServerErrorsState((current) => {
      if (!(path in current)) return current;
      const { [path]: _dropped, ...rest } = current;
      return rest;
    });

  const setInput = useCallback((path: string, input: FieldInput) => {
    setInputs((current) => ({ ...current, [path]: input }));
    dropServerError(path);
  }, []);

  const resetField = useCallback((path: string) => {
    setInputs((current) => {
      const { [path]: _dropped, ...rest } = current;
      return rest;
    });
    dropServerError(path);
  }, []);

  const resetAll = useCallback(() => {
    setInputs({});
    setServerErrorsState({});
  }, []);

  return { state, setInput, resetField, resetAll, setServerErrors: setServerErrorsState };
}
