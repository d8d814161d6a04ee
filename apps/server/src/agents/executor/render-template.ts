import type { ApprovedAction, RenderedRequest } from '@vigil/contract';
import { AppError, type FieldIssue } from '../../shared/errors';
import {
  createSecretMasker,
  looksSecret,
  type SecretMasker,
} from '../shared/safe-http/secret-mask';

export type ParameterValue = string | number | boolean;

/** Incident context a template may use as `{{incident_id}}`, `{{component}}`, … */
export type TemplateContext = Record<string, ParameterValue | null | undefined>;

export interface RenderedCommand {
  /** What goes on the wire: never stored, never logged. */
  real: RenderedRequest;
  /** The same request with every secret masked: the only form that leaves the executor. */
  masked: RenderedRequest;
  masker: SecretMasker;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}$/;
const ORIGIN = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)(.*)$/s;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const invalid = (code: string, message: string, issues?: FieldIssue[]): AppError =>
  new AppError(400, code, message, issues ? { issues } : {});

/** A parameter is secret when its spec says `secret: true` or its name looks like a credential. */
export function secretParameterNames(action: ApprovedAction): Set<string> {
  const names = new Set<string>();
  const specs = { ...action.optional_parameters, ...action.required_parameters };
  for (const [name, spec] of Object.entries(specs)) {
    const marked =
      typeof spec === 'object' && spec !== null && (spec as { secret?: unknown }).secret === true;
    if (marked || looksSecret(name)) names.add(name);
  }
  return names;
}

/** Required parameters missing or blank, each named. */
export function missingParameters(
  action: ApprovedAction,
  parameters: Record<string, ParameterValue>,
): string[] {
  return Object.keys(action.required_parameters).filter((name) => {
    const value = parameters[name];
    return value === undefined || String(value).trim() === '';
  });
}

/** A value placed in a URL: percent-encoded, and a bare `.`/`..` cannot walk the path. */
function encodeUrlValue(value: string): string {
  const encoded = encodeURIComponent(value);
  return /^\.+$/.test(value) ? encoded.replace(/\./g, '%2E') : encoded;
}

function lookupValue(values: Map<string, string>, name: string): string {
  const value = values.get(name);
  if (value === undefined) {
    throw invalid(
      'TEMPLATE_PARAMETER_UNKNOWN',
      `The template uses {{${name}}}, which no parameter or incident field provides`,
      [{ path: `parameters.${name}`, message: 'not provided' }],
    );
  }
  return value;
}

function renderUrl(template: string, values: Map<string, string>): string {
  const match = ORIGIN.exec(template.trim());
  if (!match)
    throw invalid('TEMPLATE_INVALID', 'template_command.url must be an absolute http(s) URL');
  const origin = match[1] ?? '';
  if (origin.includes('{{')) {
    throw invalid(
      'TEMPLATE_INVALID',
      'Placeholders are not allowed in the scheme, host or port of template_command.url',
    );
  }
  const rest = (match[2] ?? '').replace(PLACEHOLDER, (_m, name: string) =>
    encodeUrlValue(lookupValue(values, name)),
  );
  let base: URL;
  let full: URL;
  try {
    base = new URL(origin);
    full = new URL(`${origin}${rest}`);
  } catch {
    throw invalid('TEMPLATE_INVALID', 'template_command.url is not a valid URL once rendered');
  }
  // Belt and braces: encoding already keeps values out of the authority.
  if (full.origin !== base.origin)
    throw invalid('TEMPLATE_INVALID', 'A parameter changed the target of template_command.url');
  return full.toString();
}

function renderHeaders(
  template: Record<string, string>,
  values: Map<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(template)) {
    if (!HEADER_NAME.test(name))
      throw invalid('TEMPLATE_INVALID', `Header name "${name.slice(0, 60)}" is not valid`);
    const value = raw.replace(PLACEHOLDER, (_m, key: string) => lookupValue(values, key));
    if (/[\r\n\0]/.test(value)) {
      throw invalid('PARAMETER_INVALID', `Header ${name} would contain a line break`, [
        { path: `template_command.headers.${name}`, message: 'line break' },
      ]);
    }
    headers[name] = value;
  }
  return headers;
}

function renderJson(
  node: unknown,
  values: Map<string, string>,
  typed: Map<string, ParameterValue>,
): unknown {
  if (typeof node === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(node);
    if (whole?.[1] && typed.has(whole[1])) return typed.get(whole[1]);
    return node.replace(PLACEHOLDER, (_m, key: string) => lookupValue(values, key));
  }
  if (Array.isArray(node)) return node.map((item) => renderJson(item, values, typed));
  if (typeof node === 'object' && node !== null) {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, renderJson(v, values, typed)]),
    );
  }
  return node;
}

function collectValues(
  action: ApprovedAction,
  parameters: Record<string, ParameterValue>,
  context: TemplateContext,
) {
  const typed = new Map<string, ParameterValue>();
  for (const [name, value] of Object.entries(context))
    if (value !== null && value !== undefined) typed.set(name, value);
  for (const name of Object.keys(action.optional_parameters))
    if (!typed.has(name)) typed.set(name, '');
  for (const [name, value] of Object.entries(parameters)) typed.set(name, value);
  const values = new Map([...typed].map(([name, value]) => [name, String(value)]));
  return { typed, values };
}

/** Renders an action's template into the exact request, and its masked twin. */
export function renderCommand(
  action: ApprovedAction,
  parameters: Record<string, ParameterValue>,
  context: TemplateContext,
  defaultTimeoutSeconds: number,
): RenderedCommand {
  const missing = missingParameters(action, parameters);
  if (missing.length > 0) {
    throw invalid(
      'MISSING_PARAMETERS',
      `Missing required parameters: ${missing.join(', ')}`,
      missing.map((name) => ({ path: `parameters.${name}`, message: 'required' })),
    );
  }
  const { typed, values } = collectValues(action, parameters, context);
  const command = action.template_command;
  const url = renderUrl(command.url, values);
  const headers = renderHeaders(command.headers, values);
  let body: string | null = null;
  if (typeof command.body === 'string')
    body = command.body.replace(PLACEHOLDER, (_m, key: string) => lookupValue(values, key));
  else if (command.body !== undefined && command.body !== null) {
    body = JSON.stringify(renderJson(command.body, values, typed));
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const timeout_seconds = command.timeout ?? action.timeout_seconds ?? defaultTimeoutSeconds;
  const real: RenderedRequest = { method: command.method, url, headers, body, timeout_seconds };
  const secretNames = secretParameterNames(action);
  const secrets = [
    ...[...values].filter(([name]) => secretNames.has(name)).map(([, value]) => value),
    ...Object.entries(headers)
      .filter(([name]) => looksSecret(name))
      .map(([, value]) => value),
    ...Object.entries(headers)
      .filter(([name]) => name.toLowerCase() === 'authorization')
      .map(([, v]) => v.replace(/^\S+\s+/, '')),
  ];
  const masker = createSecretMasker(secrets);
  const masked: RenderedRequest = {
    ...real,
    url: masker.text(url),
    headers: masker.headers(headers),
    body: body === null ? null : masker.text(body),
  };
  return { real, masked, masker };
}
