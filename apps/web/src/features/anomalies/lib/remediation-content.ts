import {
  contentText,
  embeddedJson,
  isRecord,
  stringList,
  stripPrefix,
  type UnknownRecord,
} from './content-text';

export interface StructuredRemediation {
  steps: string[];
  preventive: string[];
  verification: string[];
  /** Text before the first heading (a plan's summary), when the content was text. */
  intro: string | null;
}

export type RemediationContent =
  | { kind: 'structured'; remediation: StructuredRemediation }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

export const REMEDIATION_TEXT_PREFIX = 'Remediation completed:';

type Section = 'steps' | 'preventive' | 'verification';

/** Checked in order: 'Remediation Plan' must not swallow the other two. */
const SECTION_BY_HEADING: ReadonlyArray<[RegExp, Section]> = [
  [/preventive|prevention/i, 'preventive'],
  [/verification|verify/i, 'verification'],
  [/remediation|plan|steps/i, 'steps'],
];

/** `**Remediation Plan**`, `## **Verification:**`, `**Preventive Measures**:` */
const HEADING = /^\s*(?:#{1,6}\s*)?\*\*\s*([^*]+?)\s*:?\s*\*\*\s*:?\s*$/;
/** `1. item`, `2) item`, `- item`, `* item`, `• item` */
const ITEM = /^\s*(?:\d+[.)]|[-*•])\s+(.+)$/;

const hasRemediationFields = (value: UnknownRecord): boolean =>
  ['remediation_steps', 'preventive_measures', 'verification'].some(
    (field) => value[field] !== undefined,
  );

const fromFields = (value: UnknownRecord): StructuredRemediation => ({
  steps: stringList(value.remediation_steps),
  preventive: stringList(value.preventive_measures),
  verification: stringList(value.verification),
  intro: null,
});

const isEmpty = (plan: StructuredRemediation): boolean =>
  plan.steps.length + plan.preventive.length + plan.verification.length === 0;

const sectionFor = (heading: string): Section | null =>
  SECTION_BY_HEADING.find(([pattern]) => pattern.test(heading))?.[1] ?? null;

/** Reads bold headings and the numbered items under each; other lines continue the last item. */
export function parseRemediationText(text: string): StructuredRemediation {
  const plan: StructuredRemediation = { steps: [], preventive: [], verification: [], intro: null };
  const intro: string[] = [];
  let section: Section | null = null;
  let lastItem: { list: string[]; index: number } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const heading = HEADING.exec(line);
    if (heading) {
      section = sectionFor(heading[1]!);
      lastItem = null;
      continue;
    }
    const item = ITEM.exec(line);
    if (section && item) {
      const list = plan[section];
      list.push(item[1]!.trim());
      lastItem = { list, index: list.length - 1 };
    } else if (lastItem) {
      lastItem.list[lastItem.index] = `${lastItem.list[lastItem.index]} ${line.trim()}`;
    } else if (!section) {
      intro.push(line.trim());
    }
  }
  return { ...plan, intro: intro.length > 0 ? intro.join(' ') : null };
}

/**
 * remediation_data in any of its forms (spec part 1 section 3): the structured lists, or text
 * after 'Remediation completed:' with bold headings (Remediation Plan, Preventive Measures,
 * Verification) and numbered items. Text without that structure is shown as it is.
 */
export function parseRemediationContent(value: unknown): RemediationContent {
  if (isRecord(value) && hasRemediationFields(value)) {
    const plan = fromFields(value);
    return isEmpty(plan) ? { kind: 'none' } : { kind: 'structured', remediation: plan };
  }
  const text = contentText(value);
  if (text === null) return { kind: 'none' };
  const body = stripPrefix(text, REMEDIATION_TEXT_PREFIX);
  if (body === '') return { kind: 'none' };
  const json = embeddedJson(body);
  if (json && hasRemediationFields(json)) {
    const plan = fromFields(json);
    if (!isEmpty(plan)) return { kind: 'structured', remediation: plan };
  }
  const plan = parseRemediationText(body);
  return isEmpty(plan) ? { kind: 'text', text: body } : { kind: 'structured', remediation: plan };
}
