import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { FieldMeta } from '../lib/config-types';
import { defaultText } from '../lib/restore-default';

export interface RestoreDefaultProps {
  meta: FieldMeta;
  disabled?: boolean;
  /** Saves the default of this one field at once (the single-key update). */
  onRestore(): Promise<unknown>;
}

/** "Restore default": asks once, then saves the field's default without touching other edits. */
export function RestoreDefault({ meta, disabled = false, onRestore }: RestoreDefaultProps) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  if (meta.defaultValue === undefined) return null;
  const shown = meta.secret ? 'empty (clears the stored secret)' : defaultText(meta.defaultValue);

  async function confirm() {
    setPending(true);
    try {
      await onRestore();
    } finally {
      setPending(false);
      setAsking(false);
    }
  }

  if (!asking) {
    return (
      <Button
        variant="ghost"
        size="icon"
        className="size-6 [&_svg]:size-3.5"
        aria-label={`Restore default for ${meta.label}`}
        title="Restore the default and save it now"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        <Undo2 aria-hidden="true" />
      </Button>
    );
  }
  return (
    <span
      role="group"
      aria-label={`Restore default for ${meta.label}`}
      className="inline-flex flex-wrap items-center gap-1.5 text-xs text-muted"
    >
      <span>
        Save the default (<span className="font-mono text-foreground">{shown}</span>) now?
      </span>
      <Button size="sm" variant="primary" disabled={pending} onClick={() => void confirm()}>
        {pending ? 'Saving...' : 'Save default'}
      </Button>
      <Button size="sm" variant="ghost" disabled={pending} onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
