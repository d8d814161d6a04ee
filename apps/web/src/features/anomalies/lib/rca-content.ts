import {
  contentText,
  embeddedJson,
  isRecord,
  optionalString,
  stringList,
  stripPrefix,
  type UnknownRecord,
} from './content-text';

export interface RcaEvidence {
  text: string;
  /** log, span, metric, topology... when the backend says. */
  kind: string | null;
  component: string | null;
  source: string | null;
}

export interface StructuredRca {
  summary: string | null;
  rootCause: string | null;
  rootComponent: string | null;
  /** 0 to 1, when given. */
  confidence: number | null;
  evidence: RcaEvidence[];
  steps: string[];
}

export type RcaContent =
  { kind: 'structured'; rca: StructuredRca } | { kind: 'text'; text: string } | { kind: 'none' };

export const RCA_TEXT_PREFIX = 'Root Cause Analysis completed: ';

const RCA_FIELDS = ['rca_summary', 'root_cause', 'evidence', 'analysis_steps'] as const;

const hasRcaFields = (value: UnknownRecord): boolean =>
  RCA_FIELDS.some((field) => value[field] !== undefined);

function evidenceList(value: unknown): RcaEvidence[] {
  if (!Array.isArray(value)) return stringList(value).map(plainEvidence);
  return value.flatMap((item): RcaEvidence[] => {
    if (!isRecord(item)) return stringList([item]).map(plainEvidence);
    const [text] = stringList([item]);
    if (!text) return [];
    return [
      {
        text,
        kind: optionalString(item.kind),
        component: optionalString(item.component),
        source: optionalString(item.source),
      },
    ];
  });
}

const plainEvidence = (text: string): RcaEvidence => ({
  text,
  kind: null,
  component: null,
  source: null,
});

function structured(value: UnknownRecord): StructuredRca {
  const confidence = typeof value.confidence === 'number' ? value.confidence : null;
  return {
    summary: optionalString(value.rca_summary),
    rootCause: optionalString(value.root_cause),
    rootComponent: optionalString(value.root_component),
    confidence: confidence !== null && confidence >= 0 && confidence <= 1 ? confidence : null,
    evidence: evidenceList(value.evidence),
    steps: stringList(value.analysis_steps),
  };
}

/**
 * rca_data in any of its forms (spec part 1 section 3): the structured fields; text items with an
 * embedded JSON block; or free text after 'Root Cause Analysis completed: '. Text whose JSON does
 * not parse is shown as it is.
 */
export function parseRcaContent(value: unknown): RcaContent {
  if (isRecord(value) && hasRcaFields(value)) return { kind: 'structured', rca: structured(value) };
  const text = contentText(value);
  if (text === null) return { kind: 'none' };
  const body = stripPrefix(text, RCA_TEXT_PREFIX);
  const json = embeddedJson(body);
  if (json && hasRcaFields(json)) return { kind: 'structured', rca: structured(json) };
  return body === '' ? { kind: 'none' } : { kind: 'text', text: body };
}
