import { Plus, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export interface EmptyActionsProps {
  /** True when there are no actions at all, false when the filters hide them all. */
  catalogueEmpty: boolean;
  onCreate: () => void;
}

export function EmptyActions({ catalogueEmpty, onCreate }: EmptyActionsProps) {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <ShieldCheck aria-hidden="true" className="size-10 text-subtle" />
      <p className="text-base font-medium text-foreground">
        {catalogueEmpty ? 'No approved actions yet' : 'No actions match your filters'}
      </p>
      {catalogueEmpty ? (
        <Button variant="primary" onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create First Action
        </Button>
      ) : null}
    </Card>
  );
}
