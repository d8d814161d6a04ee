/**
 * Loghub's header notation: `<Field>` is a lazy capture, a run of literal spaces matches one or more
 * whitespace characters, and everything else is regex source as written (`\[`, `(...)?`).
 */
export interface LogFormat {
  fields: string[];
  regex: RegExp;
}

export function compileLogFormat(format: string): LogFormat {
  const fields: string[] = [];
  let source = '';
  for (const [index, part] of format.split(/(<[^<>]+>)/).entries()) {
    if (index % 2 === 1) {
      const name = part.slice(1, -1);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new Error(`bad field name <${name}> in log format`);
      if (fields.includes(name)) throw new Error(`field <${name}> appears twice in log format`);
      fields.push(name);
      source += `(?<${name}>.*?)`;
    } else {
      source += part.replace(/ +/g, '\\s+');
    }
  }
  if (!fields.includes('Content')) throw new Error('log format has no <Content> field');
  return { fields, regex: new RegExp(`^${source}$`) };
}

/** The header fields of one line, or null when the line does not fit the format. */
export function parseLogLine(format: LogFormat, line: string): Record<string, string> | null {
  const match = format.regex.exec(line);
  if (!match?.groups) return null;
  const fields: Record<string, string> = {};
  for (const name of format.fields) fields[name] = match.groups[name] ?? '';
  return fields;
}
