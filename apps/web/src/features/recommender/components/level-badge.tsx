import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import type { Level } from '../lib/sample-data';

const VARIANTS: Record<Level, BadgeVariant> = {
  high: 'destructive',
  medium: 'warning',
  low: 'default',
};

export function LevelBadge({ label, level }: { label: string; level: Level }) {
  return (
    <Badge variant={VARIANTS[level]}>
      {label}: {level}
    </Badge>
  );
}
