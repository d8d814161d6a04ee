import { Database, RotateCcw, TrendingUp, Zap, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';
import { actionKind, type ActionKind } from '../lib/action-kind';

const ICONS: Record<ActionKind, ComponentType<LucideProps>> = {
  restart: RotateCcw,
  scaling: TrendingUp,
  cache: Database,
  default: Zap,
};

export function ActionIcon({ tags }: { tags: readonly string[] }) {
  const kind = actionKind(tags);
  const Icon = ICONS[kind];
  return (
    <span
      data-action-kind={kind}
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
