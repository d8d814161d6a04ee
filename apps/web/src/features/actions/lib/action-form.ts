import type { ApprovedAction, ApprovedActionInput, TemplateCommand } from '@vigil/contract';

/** Spec part 2 section 5, in its order; checked against the contract's method list. */
export const HTTP_METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
] as const satisfies ReadonlyArray<TemplateCommand['method']>;
export type FormMethod = (typeof HTTP_METHODS)[number];

/** Spec part 2 section 9. */
export const DEFAULT_TIMEOUT_SECONDS = 300;
export const DEFAULT_MAX_RETRIES = 3;

/** What the Create/Edit dialog holds: text as typed, parsed only on submit. */
export interface ActionFormValues {
  name: string;
  description: string;
  method: FormMethod;
  url: string;
  headers: string;
  body: string;
  tags: string;
  keywords: string;
  maxRetries: string;
  timeoutSeconds: string;
  requiredParameters: string;
  optionalParameters: string;
  safetyConstraints: string;
  isActive: boolean;
}

/** Defaults of spec part 2 section 5: POST, timeout 300, 3 retries, active. */
export const EMPTY_ACTION_FORM: ActionFormValues = {
  name: '',
  description: '',
  method: 'POST',
  url: '',
  headers: '{}',
  body: '{}',
  tags: '',
  keywords: '',
  maxRetries: String(DEFAULT_MAX_RETRIES),
  timeoutSeconds: String(DEFAULT_TIMEOUT_SECONDS),
  requiredParameters: '{}',
  optionalParameters: '{}',
  safetyConstraints: '{}',
  isActive: true,
};

const pretty = (value: unknown): string => JSON.stringify(value ?? {}, null, 2);

export function formValuesFromAction(action: ApprovedAction): ActionFormValues {
  const command = action.template_command;
  return {
    name: action.name,
    description: action.description,
    method: command.method,
    url: command.url,
    headers: pretty(command.headers),
    body: pretty(command.body),
    tags: action.tags.join(', '),
    keywords: action.keywords.join(', '),
    maxRetries: String(action.max_retries),
    timeoutSeconds: String(action.timeout_seconds),
    requiredParameters: pretty(action.required_parameters),
    optionalParameters: pretty(action.optional_parameters),
    safetyConstraints: pretty(action.safety_constraints),
    isActive: action.is_active,
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any JSON value; text that does not parse becomes `{}` (spec part 2 section 5, silently). */
export function parseJsonOrEmpty(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

/** A JSON object; anything else (bad JSON, an array, a number) becomes `{}`. */
export function parseJsonObject(text: string): Record<string, unknown> {
  const value = parseJsonOrEmpty(text);
  return isPlainObject(value) ? value : {};
}

/** Header values travel as text: numbers and booleans are written out, nested values as JSON. */
export function parseHeaders(text: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parseJsonObject(text)).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

/** Comma-separated items, trimmed, blanks dropped (spec part 2 section 5). */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A whole number as typed, or the default when the box is blank or not a number. */
export function parseWholeNumber(text: string, fallback: number): number {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return fallback;
  return Number.parseInt(trimmed, 10);
}

/**
 * The request body for create and update. The server checks the bounds and names a bad field;
 * the per-command timeout an action may carry is kept as it was (the form edits timeout_seconds).
 */
export function actionInputFromForm(
  values: ActionFormValues,
  previous?: Pick<TemplateCommand, 'timeout'>,
): ApprovedActionInput {
  const templateCommand: TemplateCommand = {
    method: values.method,
    url: values.url.trim(),
    headers: parseHeaders(values.headers),
    body: parseJsonOrEmpty(values.body),
    ...(previous?.timeout === undefined ? {} : { timeout: previous.timeout }),
  };
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    template_command: templateCommand,
    tags: splitCommaList(values.tags),
    keywords: splitCommaList(values.keywords),
    max_retries: parseWholeNumber(values.maxRetries, DEFAULT_MAX_RETRIES),
    timeout_seconds: parseWholeNumber(values.timeoutSeconds, DEFAULT_TIMEOUT_SECONDS),
    required_parameters: parseJsonObject(values.requiredParameters),
    optional_parameters: parseJsonObject(values.optionalParameters),
    safety_constraints: parseJsonObject(values.safetyConstraints),
    is_active: values.isActive,
  };
}
