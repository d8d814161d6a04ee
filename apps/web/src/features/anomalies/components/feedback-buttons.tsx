import { Check, ThumbsDown } from 'lucide-react';
import type { AnomalyStatus } from '@vigil/contract';
import { Button } from '../../../components/ui/button';
import { useAnomalyFeedback, type FeedbackVerdict } from '../api/post-anomaly-feedback';

const VERDICTS: ReadonlyArray<{ verdict: FeedbackVerdict; label: string; icon: typeof Check }> = [
  { verdict: 'confirmed', label: 'Confirm anomaly', icon: Check },
  { verdict: 'false_positive', label: 'False positive', icon: ThumbsDown },
];

/** The operator's verdict; the detector stops firing on a false positive's template. */
export function FeedbackButtons({
  anomalyId,
  status,
}: {
  anomalyId: string;
  status: AnomalyStatus;
}) {
  const feedback = useAnomalyFeedback(anomalyId);
  return (
    <div className="flex shrink-0 flex-col gap-2 lg:items-end">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Feedback">
        {VERDICTS.map(({ verdict, label, icon: Icon }) => (
          <Button
            key={verdict}
            size="sm"
            variant={status === verdict ? 'primary' : 'secondary'}
            aria-pressed={status === verdict}
            disabled={feedback.isPending}
            onClick={() => feedback.mutate(verdict)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      <p
        className={
          // Beside the title (wide screens) the line keeps its room; stacked, an empty one takes none.
          feedback.isError
            ? 'text-xs text-destructive-foreground lg:min-h-5'
            : 'text-xs text-muted lg:min-h-5'
        }
        role="status"
      >
        {feedback.isError
          ? `Could not save the feedback: ${feedback.error.message}`
          : (feedback.data?.message ?? '')}
      </p>
    </div>
  );
}
