import type { HeaderFields } from './parsed-line';

/**
 * Loghub's header notation (`<Date> <Time> <Level> <Content>`): each `<Field>` is a lazy group,
 * a run of literal spaces matches one or more whitespace characters, and the rest is regular
 * expression source as written (`\[`, `(\[<PID>\])?`). Compiled once per format, never per line.
 */
export class LogFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogFormatError';
  }
}

export interface CompiledFormat {
  readonly source: string;
  readonly fields: readonly string[];
  readonly regex: RegExp;
}

const FIELD = /(<[^<>]+>)/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function compileFormat(format: string): CompiledFormat {
  if (!format.includes('<Content>'))
    throw new LogFormatError('the format has no <Content> field (the message)');
  const fields: string[] = [];
  let source = '';
  format.split(FIELD).forEach((part, index) => {
    if (index % 2 === 0) {
      source += part.replace(/ +/g, '\\s+');
      return;
    }
    const name = part.slice(1, -1);
    if (!FIELD_NAME.test(name))
      throw new LogFormatError(`bad field name <${name}>: use letters, digits and _`);
    if (fields.includes(name)) throw new LogFormatError(`field <${name}> appears twice`);
    fields.push(name);
    source += `(?<${name}>.*?)`;
  });
  try {
    return { source: format, fields, regex: new RegExp(`^${source}$`) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LogFormatError(`the format is not a valid pattern: ${reason}`);
  }
}

/**
 * The fields of one line, or null when the line does not fit. Lines are trimmed first, as loghub's
 * reference parser does, so trailing blanks never leak into `Content`.
 */
export function matchFormat(format: CompiledFormat, line: string): HeaderFields | null {
  const groups = format.regex.exec(line.trim())?.groups;
  if (groups === undefined) return null;
  const fields: HeaderFields = {};
  for (const name of format.fields) fields[name] = groups[name] ?? '';
  return fields;
}
