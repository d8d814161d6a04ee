import { severityVariant } from '../../../lib/severity-style';
import { cn } from '../../../lib/cn';
import {
  FLOW_BOX,
  layoutTraceFlow,
  truncateComponent,
  type FlowLog,
} from '../lib/trace-flow-layout';
import { useElementWidth } from './use-element-width';

const timeOf = (timestamp: string): string => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? 'Unknown time' : date.toLocaleTimeString();
};

const BOX_STROKE = {
  destructive: 'stroke-destructive/70',
  warning: 'stroke-warning/70',
  default: 'stroke-info/60',
  secondary: 'stroke-border-strong',
} as const;

/**
 * The correlated logs as a flow of 140×60 boxes in snaking rows (lib/trace-flow-layout.ts), the
 * root cause labelled. Narrow screens scroll it sideways: it is never narrower than 600 px.
 */
export function TraceFlow({ logs }: { logs: readonly FlowLog[] }) {
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const layout = layoutTraceFlow(logs.length, width);
  return (
    <div ref={containerRef} className="overflow-x-auto" data-testid="trace-flow">
      {width > 0 ? (
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-label={`Flow of ${logs.length} correlated logs`}
          className="mx-auto block"
        >
          <defs>
            <marker
              id="trace-flow-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0 0 L10 5 L0 10 z" className="fill-subtle" />
            </marker>
          </defs>
          {layout.links.map((link) => (
            <line
              key={`${link.from}-${link.to}`}
              x1={link.x1}
              y1={link.y1}
              x2={link.x2}
              y2={link.y2}
              markerEnd="url(#trace-flow-arrow)"
              className="stroke-subtle"
              strokeWidth={1.5}
            />
          ))}
          {layout.boxes.map((box) => {
            const log = logs[box.index]!;
            return (
              <FlowBoxView key={box.index} log={log} x={box.x} y={box.y} step={box.index + 1} />
            );
          })}
        </svg>
      ) : null}
    </div>
  );
}

function FlowBoxView({ log, x, y, step }: { log: FlowLog; x: number; y: number; step: number }) {
  return (
    <g
      data-testid="trace-flow-box"
      data-root-cause={log.isRootCause ? 'true' : undefined}
      data-component={log.component}
      transform={`translate(${x} ${y})`}
    >
      <title>{`${step}. ${log.component} (${log.level}) ${log.timestamp}\n${log.message}`}</title>
      {log.isRootCause ? (
        <text
          x={0}
          y={-7}
          className="fill-destructive text-[10px] font-bold tracking-wider"
          data-testid="root-cause-label"
        >
          ROOT CAUSE
        </text>
      ) : null}
      <rect
        width={FLOW_BOX.width}
        height={FLOW_BOX.height}
        rx={8}
        className={cn(
          log.isRootCause ? 'fill-destructive/15 stroke-destructive' : 'fill-surface-raised',
          !log.isRootCause && BOX_STROKE[severityVariant(log.level)],
        )}
        strokeWidth={log.isRootCause ? 2 : 1}
      />
      <text x={10} y={24} className="fill-foreground text-[11px] font-semibold">
        {truncateComponent(log.component)}
      </text>
      <text x={10} y={42} className="fill-muted text-[11px]">
        {`${log.level} · ${timeOf(log.timestamp)}`}
      </text>
    </g>
  );
}
