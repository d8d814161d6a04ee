import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentPropsWithRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export interface SecretInputProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Whether a secret is stored; the stored value itself never reaches the page. */
  isSet: boolean;
  label: string;
}

/**
 * A masked box whose show/hide reveals only what the user is typing: a stored secret stays on the
 * server, shown as a placeholder, and an empty box keeps it.
 */
export function SecretInput({ isSet, label, className, ...props }: SecretInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        type={visible ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        placeholder={isSet ? '•••••••• (stored; type to replace)' : 'Not set'}
        className={`pr-10 ${className ?? ''}`}
        {...props}
      />
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-0 right-0 size-9"
        aria-label={visible ? `Hide ${label}` : `Show ${label}`}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </div>
  );
}
