import type { ConfigFieldMeta } from '@vigil/contract';
import type { FieldMeta } from './config-types';

const ACRONYMS: Readonly<Record<string, string>> = {
  api: 'API',
  db: 'DB',
  id: 'ID',
  jwt: 'JWT',
  mb: 'MB',
  mime: 'MIME',
  smtp: 'SMTP',
  ssl: 'SSL',
  url: 'URL',
  p: 'P',
};

/** `agents.executor.max_retries` -> "Max retries"; `smtp_port` -> "SMTP port". */
export function fieldLabel(path: string): string {
  const leaf = path.slice(path.lastIndexOf('.') + 1);
  const words = leaf.split('_').filter((word) => word !== '');
  return words
    .map((word, index) => {
      const acronym = ACRONYMS[word];
      if (acronym) return acronym;
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

const leafName = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/**
 * A value the form cannot leave empty: numbers and choices always, and host names ("Host cannot
 * be empty") unless their default is empty. Other strings and lists may stay empty.
 */
function isRequired(meta: ConfigFieldMeta): boolean {
  if (meta.kind === 'integer' || meta.kind === 'number' || meta.kind === 'enum') return true;
  const leaf = leafName(meta.path);
  // A host whose default is empty is an optional endpoint (the server accepts it empty).
  return (
    meta.kind === 'string' && (leaf === 'host' || leaf.endsWith('_host')) && meta.default !== ''
  );
}

/** The server's description of a field, in the shape the form works with. */
export function toFieldMeta(meta: ConfigFieldMeta): FieldMeta {
  return {
    path: meta.path,
    label: fieldLabel(meta.path),
    section: meta.section,
    kind: meta.kind,
    min: meta.min ?? undefined,
    max: meta.max ?? undefined,
    options: meta.options ?? undefined,
    unusedOptions: meta.unused_values,
    description: meta.description,
    required: isRequired(meta),
    secret: meta.secret,
    restartRequired: meta.restart_required,
    usedByDeployment: meta.used_by_deployment,
    defaultValue: meta.default,
  };
}

/** "1 – 300", "≥ 1" or null: the bounds a field shows beside its label. */
export function boundsText(meta: Pick<FieldMeta, 'min' | 'max'>): string | null {
  if (meta.min !== undefined && meta.max !== undefined) return `${meta.min} – ${meta.max}`;
  if (meta.min !== undefined) return `≥ ${meta.min}`;
  if (meta.max !== undefined) return `≤ ${meta.max}`;
  return null;
}

export interface FieldSection {
  title: string;
  fields: FieldMeta[];
}

/** Fields grouped by section, in the order the server lists them. */
export function groupBySection(fields: readonly FieldMeta[]): FieldSection[] {
  const sections: FieldSection[] = [];
  for (const field of fields) {
    const section = sections.find((candidate) => candidate.title === field.section);
    if (section) section.fields.push(field);
    else sections.push({ title: field.section, fields: [field] });
  }
  return sections;
}

/** A DOM-safe id for a field's input (deep links focus it by this id). */
export const fieldInputId = (path: string): string => `setting-${path.replace(/\./g, '__')}`;

const MAX_LABEL_SEGMENTS = 2;

function commonPrefix(paths: readonly string[][]): number {
  const [first, ...rest] = paths;
  if (!first) return 0;
  let length = 0;
  while (
    length < first.length - 1 &&
    rest.every((parts) => length < parts.length - 1 && parts[length] === first[length])
  ) {
    length += 1;
  }
  return length;
}

/**
 * Labels that stay clear within their section: where fields sit at different depths, the group
 * they belong to joins the label ("Read replica host" beside "Host").
 */
export function withContextLabels(fields: readonly FieldMeta[]): FieldMeta[] {
  const relabelled = new Map<string, string>();
  for (const section of groupBySection(fields)) {
    const split = section.fields.map((field) => field.path.split('.'));
    const shared = commonPrefix(split);
    for (const parts of split) {
      const own = parts.slice(Math.max(shared, parts.length - MAX_LABEL_SEGMENTS));
      relabelled.set(parts.join('.'), fieldLabel(own.join('_')));
    }
  }
  return fields.map((field) => ({ ...field, label: relabelled.get(field.path) ?? field.label }));
}
