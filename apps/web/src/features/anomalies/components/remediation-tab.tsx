import { Badge } from '../../../components/ui/badge';
import { isRecord } from '../lib/content-text';
import { parseRemediationContent } from '../lib/remediation-content';
import { DetailSection, EmptyTab } from './detail-list';

/** remediation_data as structured lists or text (lib/remediation-content.ts reads both). */
export function RemediationTab({ remediationData }: { remediationData: unknown }) {
  const content = parseRemediationContent(remediationData);
  if (content.kind === 'none') return <EmptyTab>No remediation steps available.</EmptyTab>;
  if (content.kind === 'text') {
    return (
      <DetailSection title="Remediation">
        <p className="text-sm whitespace-pre-wrap text-foreground">{content.text}</p>
      </DetailSection>
    );
  }
  const { intro, steps, preventive, verification } = content.remediation;
  return (
    <div className="grid grid-cols-1 gap-4">
      {intro ? <p className="text-sm text-muted">{intro}</p> : null}
      <NumberedSection title="Remediation steps" items={steps} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <NumberedSection title="Preventive measures" items={preventive} />
        <NumberedSection title="Verification" items={verification} />
      </div>
      <MatchedActions remediationData={remediationData} />
    </div>
  );
}

function NumberedSection({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <DetailSection title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-muted">N/A</p>
      ) : (
        <ol className="list-decimal space-y-1.5 pl-5 text-sm text-foreground marker:text-subtle">
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="break-words">
              {item}
            </li>
          ))}
        </ol>
      )}
    </DetailSection>
  );
}

interface MatchedActionView {
  id: string;
  name: string;
  score: number;
}

function matchedActions(value: unknown): MatchedActionView[] {
  if (!isRecord(value) || !Array.isArray(value.matched_actions)) return [];
  return value.matched_actions.flatMap((action) =>
    isRecord(action) && typeof action.action_id === 'string' && typeof action.name === 'string'
      ? [
          {
            id: action.action_id,
            name: action.name,
            score: typeof action.score === 'number' ? action.score : 0,
          },
        ]
      : [],
  );
}

/** Approved actions the remediation agent matched (beyond the spec: what can run automatically). */
function MatchedActions({ remediationData }: { remediationData: unknown }) {
  const actions = matchedActions(remediationData);
  if (actions.length === 0) return null;
  return (
    <DetailSection title="Matched approved actions">
      <ul className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <li key={action.id}>
            <Badge variant="success">
              {action.name} · {Math.round(action.score * 100)}%
            </Badge>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
