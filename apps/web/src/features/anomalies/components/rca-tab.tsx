import { Badge } from '../../../components/ui/badge';
import { parseRcaContent, type StructuredRca } from '../lib/rca-content';
import { DetailSection, EmptyTab } from './detail-list';

/** rca_data as structured fields or text (lib/rca-content.ts reads both). */
export function RcaTab({ rcaData }: { rcaData: unknown }) {
  const content = parseRcaContent(rcaData);
  if (content.kind === 'none') return <EmptyTab>No RCA data available.</EmptyTab>;
  if (content.kind === 'text') {
    return (
      <DetailSection title="Root Cause Analysis">
        <p className="text-sm whitespace-pre-wrap text-foreground">{content.text}</p>
      </DetailSection>
    );
  }
  return <StructuredRcaView rca={content.rca} />;
}

function StructuredRcaView({ rca }: { rca: StructuredRca }) {
  return (
    <div className="grid grid-cols-1 gap-4">
      <DetailSection title="Summary">
        <p className="text-sm text-foreground">{rca.summary ?? 'N/A'}</p>
      </DetailSection>
      <DetailSection title="Root cause" className="border-destructive/40">
        <p className="text-sm text-foreground">{rca.rootCause ?? 'N/A'}</p>
        {rca.rootComponent !== null || rca.confidence !== null ? (
          <p className="mt-2 flex flex-wrap gap-2 text-xs text-muted">
            {rca.rootComponent !== null ? (
              <Badge variant="destructive">{rca.rootComponent}</Badge>
            ) : null}
            {rca.confidence !== null ? (
              <span>Confidence {Math.round(rca.confidence * 100)}%</span>
            ) : null}
          </p>
        ) : null}
      </DetailSection>
      <DetailSection title="Evidence">
        {rca.evidence.length === 0 ? (
          <p className="text-sm text-muted">N/A</p>
        ) : (
          <ul className="divide-y divide-border text-sm" data-testid="rca-evidence">
            {rca.evidence.map((item, index) => (
              <li
                key={`${index}-${item.text}`}
                className="flex flex-wrap items-baseline gap-x-2 gap-y-1 py-2"
              >
                {item.kind ? <Badge variant="default">{item.kind}</Badge> : null}
                {/* A 12rem basis: on a narrow screen the source moves under the text instead of squeezing it. */}
                <span className="min-w-0 flex-[1_1_12rem] break-words text-foreground">
                  {item.text}
                </span>
                {item.source ? (
                  <span className="font-mono text-xs [overflow-wrap:anywhere] text-subtle">
                    {item.source}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection title="Analysis steps">
        {rca.steps.length === 0 ? (
          <p className="text-sm text-muted">N/A</p>
        ) : (
          <ol className="list-decimal space-y-1.5 pl-5 text-sm text-foreground marker:text-subtle">
            {rca.steps.map((step, index) => (
              <li key={`${index}-${step}`} className="break-words">
                {step}
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
    </div>
  );
}
