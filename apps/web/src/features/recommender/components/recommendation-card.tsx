import { ChevronDown, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { RecommendationStatus, SampleRecommendation } from '../lib/sample-data';
import { LevelBadge } from './level-badge';

const STATUS_VARIANTS: Record<RecommendationStatus, BadgeVariant> = {
  pending: 'warning',
  'in-progress': 'default',
  completed: 'success',
};

export interface RecommendationCardProps {
  recommendation: SampleRecommendation;
  onImplement: () => void;
}

export function RecommendationCard({ recommendation, onImplement }: RecommendationCardProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const count = recommendation.affectedServices.length;
  return (
    <Card
      className="flex flex-col gap-3 md:p-5"
      data-testid="recommendation-card"
      role="article"
      aria-label={recommendation.title}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-primary">{recommendation.category}</p>
          <h3 className="mt-0.5 text-base font-semibold text-foreground">{recommendation.title}</h3>
        </div>
        <Badge variant={STATUS_VARIANTS[recommendation.status]}>{recommendation.status}</Badge>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <LevelBadge label="Impact" level={recommendation.impact} />
        <LevelBadge label="Effort" level={recommendation.effort} />
        <Badge variant="outline">
          {count} affected {count === 1 ? 'service' : 'services'}
        </Badge>
      </div>
      {open ? (
        <div id={detailsId} className="space-y-2 text-sm text-muted">
          <p>{recommendation.description}</p>
          <p className="text-xs text-subtle">
            Affected services: {recommendation.affectedServices.join(', ')}
          </p>
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-3">
        <Button
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((v) => !v)}
        >
          View Details
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform', open && 'rotate-180')}
          />
        </Button>
        <Button
          size="sm"
          variant="primary"
          disabled={recommendation.status !== 'pending'}
          onClick={onImplement}
        >
          <Wrench aria-hidden="true" />
          Implement
        </Button>
      </div>
    </Card>
  );
}
