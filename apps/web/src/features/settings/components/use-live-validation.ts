import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api-client-context';
import { validateConfigValue } from '../api/validate-config';
import type { FormState } from '../lib/config-form';
import type { FieldMeta } from '../lib/config-types';
import { validationTargets, type ServerCheck, type ServerChecks } from '../lib/live-validation';
import { createLiveValidator, type LiveValidator } from '../lib/live-validator';

/**
 * The server's word on what is being typed: every edit restarts the debounce, then each unchecked
 * edited value goes to `POST /api/settings/config/validate`. Off for forms that must stay local.
 */
export function useLiveValidation(
  fields: readonly FieldMeta[],
  state: FormState,
  enabled: boolean,
): ServerChecks {
  const client = useApiClient();
  const [checks, setChecks] = useState<Record<string, ServerCheck>>({});
  const validator = useRef<LiveValidator | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const created = createLiveValidator({
      validate: (path, value, signal) => validateConfigValue(client, path, value, signal),
      onCheck: (path, check) => setChecks((current) => ({ ...current, [path]: check })),
    });
    validator.current = created;
    return () => {
      created.dispose();
      validator.current = null;
    };
  }, [client, enabled]);

  useEffect(() => {
    if (enabled) validator.current?.schedule(validationTargets(fields, state, checks));
  }, [fields, state, checks, enabled]);

  return checks;
}
