/**
 * A small RFC 4180 reader: comma separated, fields may be quoted, `""` is a quote inside a quoted
 * field, and quoted fields may hold commas and line breaks. Loghub's structured CSVs need exactly this.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += text[i];
      }
      i += 1;
      continue;
    }
    if (ch === QUOTE && field === '') {
      quoted = true;
    } else if (ch === COMMA) {
      row.push(field);
      field = '';
    } else if (ch === LF || ch === CR) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === CR && text.charCodeAt(i + 1) === LF) i += 1;
    } else {
      field += text[i];
    }
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header row; missing cells read as ''. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.charCodeAt(0) === BOM ? text.slice(1) : text);
  if (!header) return [];
  return rows
    .filter((cells) => !(cells.length === 1 && cells[0] === ''))
    .map((cells) => {
      const record: Record<string, string> = {};
      header.forEach((name, index) => {
        record[name] = cells[index] ?? '';
      });
      return record;
    });
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;
const BOM = 0xfeff;
