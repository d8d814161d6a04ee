import type { GlobalSettings } from '@vigil/contract';
import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useSaveGlobalSettings } from '../api/global-settings';
import { globalTabFields } from '../lib/settings-model';
import { ConfigFormCard } from './config-form-card';

/** System Information, Network, Server and Database Configuration; saved through the global update. */
export function GlobalTab({ global }: { global: GlobalSettings }) {
  const fields = useMemo(() => globalTabFields(global), [global]);
  const save = useSaveGlobalSettings();
  return (
    <ConfigFormCard
      testId="global-settings"
      title="Global Settings"
      description={
        global.saved_at ? `Saved ${formatDateTime(global.saved_at)}` : 'All values are defaults'
      }
      fields={fields}
      saved={global.values}
      saveLabel="Save Global Settings"
      onSave={(changes) => save.mutateAsync(changes)}
    />
  );
}
