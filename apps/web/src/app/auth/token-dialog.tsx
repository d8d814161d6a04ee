import { KeyRound } from 'lucide-react';
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import type { TokenPrompt } from './token-prompt';

/**
 * Asks for the API token when the server requires one (VIGIL_API_TOKEN set). The token itself is
 * only sent once, to POST /api/session; the session token the server answers is what later calls
 * carry. Never shown on a loopback deployment without a token.
 */
export function TokenDialog({ prompt }: { prompt: TokenPrompt }) {
  const request = useSyncExternalStore(prompt.subscribe, prompt.current, prompt.current);
  const [token, setToken] = useState('');
  const inputId = useId();
  const problemId = useId();

  const close = (answer: string | null): void => {
    setToken('');
    prompt.answer(answer);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (token.trim() !== '') close(token);
  };

  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : close(null))}>
      <DialogContent
        title="API token required"
        description="This Vigil server asks for its API token before changes. It is exchanged for a session token that stays in this browser tab only."
      >
        <form className="mt-5 space-y-4" onSubmit={onSubmit}>
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-foreground">
              API token
            </label>
            <div className="relative">
              <KeyRound
                aria-hidden="true"
                className="pointer-events-none absolute top-2.5 left-3 size-4 text-subtle"
              />
              <input
                id={inputId}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={token}
                onChange={(event) => setToken(event.target.value)}
                aria-invalid={request?.problem ? true : undefined}
                aria-describedby={request?.problem ? problemId : undefined}
                className="h-9 w-full rounded-md border border-border-strong bg-background pr-3 pl-9 text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none"
                placeholder="VIGIL_API_TOKEN"
              />
            </div>
            {request?.problem ? (
              <p id={problemId} role="alert" className="text-sm text-destructive-foreground">
                {request.problem}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="primary" disabled={token.trim() === ''}>
              Continue
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
