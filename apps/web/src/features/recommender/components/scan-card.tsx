import { CalendarClock, CheckCircle2, Loader2, Play } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { SampleScan, ScanStatus } from '../lib/sample-data';

const STATUS: Record<ScanStatus, { variant: BadgeVariant; icon: typeof Play }> = {
  completed: { variant: 'success', icon: CheckCircle2 },
  running: { variant: 'default', icon: Loader2 },
  scheduled: { variant: 'warning', icon: CalendarClock },
};

export function ScanCard({ scan, onRunNow }: { scan: SampleScan; onRunNow: () => void }) {
  const { variant, icon: Icon } = STATUS[scan.status];
  return (
    <Card
      className="flex flex-col gap-3 p-4 md:p-4"
      data-testid="scan-card"
      data-scan-status={scan.status}
      aria-label={scan.name}
      role="article"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-foreground">{scan.name}</h3>
        <Badge variant={variant}>
          <Icon
            aria-hidden="true"
            className={scan.status === 'running' ? 'size-3 animate-spin' : 'size-3'}
          />
          {scan.status}
        </Badge>
      </div>
      <p className="text-xs text-muted">
        {scan.schedule} · {scan.when}
      </p>
      {scan.findings === null ? null : (
        <p className="text-xs text-muted">{scan.findings} findings</p>
      )}
      {scan.status === 'scheduled' ? (
        <Button size="sm" className="mt-auto self-start" onClick={onRunNow}>
          <Play aria-hidden="true" />
          Run Now
        </Button>
      ) : null}
    </Card>
  );
}
