import { Braces } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useSystemConfig } from '../api/system-config';
import { QueryFailure } from './query-states';

/** The whole stored configuration as one JSON tree (secrets masked), read-only. */
export function FullConfigDialog() {
  const [open, setOpen] = useState(false);
  const config = useSystemConfig(open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Braces aria-hidden="true" />
          View JSON
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Full configuration"
        description="Every setting as the server holds it now: global_config and one block per agent. Secrets are masked."
        className="flex max-h-[90dvh] flex-col md:max-w-3xl"
        data-testid="full-config-dialog"
      >
        <div className="mt-4 min-h-0 flex-1 overflow-auto rounded-lg border border-border bg-surface-raised">
          {config.isPending ? (
            <Spinner label="Loading configuration..." />
          ) : config.isError ? (
            <QueryFailure error={config.error} onRetry={() => void config.refetch()} />
          ) : (
            <pre className="p-3 font-mono text-xs leading-5 text-foreground">
              {JSON.stringify(config.data, null, 2)}
            </pre>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
