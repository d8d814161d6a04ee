/**
 * Loose timestamp parsing for log headers: ISO 8601 / RFC 3339, `YYYY-MM-DD HH:MM:SS,mmm`,
 * syslog `Mon DD HH:MM:SS`, Apache `Sun Dec 04 04:47:44 2005`, `yy/MM/dd`, `MM-dd`, compact
 * `yyMMdd HHmmss`, and epoch seconds/ms/µs/ns. A time without a zone is taken as UTC (so the
 * same file gives the same times on every machine); a date without a year gets the reference
 * year, or the one before when that would put it in the future (a syslog file read in January).
 */
const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';

const EPOCH = /^(\d{9,19})(?:\.(\d{1,9}))?$/;
const COMPACT = /^(\d{2})(\d{2})(\d{2})[ T-]?(\d{2})(\d{2})(\d{2})$/;
const YMD = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/;
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})[\\s/-]${MONTH}[\\s/-](\\d{4})`, 'i');
const MONTH_DAY = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})\\b`, 'i');
const SLASHED = /\b(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/;
const MONTH_DASH_DAY = /^(\d{2})-(\d{2})(?=\s|$)/;
const YEAR = /\b(19\d{2}|2\d{3})\b/;
const TIME = /(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?:[.,](\d{1,9}))?/;
const ZONE = /^\s*(?:(Z)|(?:UTC|GMT)?([+-])(\d{2}):?(\d{2})|(UTC|GMT))/i;

interface DateParts {
  year: number | null;
  month: number;
  day: number;
  /** Where the date ended, so the time is looked for after it. */
  end: number;
}

const DAY_MS = 86_400_000;

function expandYear(two: number, reference: number): number {
  const refYear = new Date(reference).getUTCFullYear();
  const year = 2000 + two;
  return year > refYear + 1 ? year - 100 : year;
}

function matchDate(text: string, reference: number): DateParts | null {
  let m = YMD.exec(text);
  if (m)
    return {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      end: m.index + m[0].length,
    };
  m = DAY_MONTH_YEAR.exec(text);
  if (m)
    return {
      year: Number(m[3]),
      month: MONTHS[(m[2] ?? '').toLowerCase()] ?? 0,
      day: Number(m[1]),
      end: m.index + m[0].length,
    };
  m = MONTH_DAY.exec(text);
  if (m) {
    const year = YEAR.exec(text.slice(m.index + m[0].length));
    return {
      year: year ? Number(year[1]) : null,
      month: MONTHS[(m[1] ?? '').toLowerCase()] ?? 0,
      day: Number(m[2]),
      end: m.index + m[0].length,
    };
  }
  m = SLASHED.exec(text);
  if (m)
    return slashedDate(Number(m[1]), Number(m[2]), m[3] ?? '', reference, m.index + m[0].length);
  m = MONTH_DASH_DAY.exec(text);
  if (m) return { year: null, month: Number(m[1]), day: Number(m[2]), end: m[0].length };
  return null;
}

/** `17/06/09` is log4j's yy/MM/dd; `06/09/2017` is MM/dd/yyyy unless the first part cannot be a month. */
function slashedDate(a: number, b: number, c: string, reference: number, end: number): DateParts {
  if (c.length === 2) return { year: expandYear(a, reference), month: b, day: Number(c), end };
  return a > 12
    ? { year: Number(c), month: b, day: a, end }
    : { year: Number(c), month: a, day: b, end };
}

function fractionMs(digits: string | undefined): number {
  if (!digits) return 0;
  return Math.floor(Number(`0.${digits}`) * 1000);
}

function zoneOffsetMs(rest: string): number {
  const m = ZONE.exec(rest);
  if (!m?.[2]) return 0; // absent, Z, UTC or GMT
  const minutes = Number(m[3]) * 60 + Number(m[4]);
  return (m[2] === '-' ? -1 : 1) * minutes * 60_000;
}

function fromEpoch(digits: string, fraction: string | undefined): number | null {
  const n = Number(digits);
  // The number of digits says the unit: 10 seconds, 13 milliseconds, 16 microseconds, 19 nanoseconds.
  if (digits.length <= 11) return n * 1000 + fractionMs(fraction);
  if (digits.length <= 14) return n;
  if (digits.length <= 17) return Math.floor(n / 1e3);
  return Number(digits.slice(0, -6));
}

function compose(
  date: DateParts,
  time: RegExpExecArray | null,
  rest: string,
  reference: number,
): number | null {
  const hour = time ? Number(time[1]) : 0;
  const minute = time ? Number(time[2]) : 0;
  const second = time?.[3] ? Number(time[3]) : 0;
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > 31) return null;
  if (hour > 24 || minute > 59 || second > 60) return null;
  const at = (year: number): number =>
    Date.UTC(year, date.month - 1, date.day, hour, minute, second) +
    fractionMs(time?.[4]) -
    zoneOffsetMs(rest);
  if (date.year !== null) return at(date.year);
  const refYear = new Date(reference).getUTCFullYear();
  const guess = at(refYear);
  return guess > reference + DAY_MS ? at(refYear - 1) : guess;
}

/** Epoch ms for a header timestamp, or null when the text holds no recognisable date and time. */
export function parseTimestamp(input: string, reference: number): number | null {
  const text = input.trim();
  if (text === '') return null;
  const epoch = EPOCH.exec(text);
  if (epoch) return fromEpoch(epoch[1] ?? '', epoch[2]);
  const compact = COMPACT.exec(text);
  if (compact) {
    const [, yy, mo, dd, hh, mi, ss] = compact.map(Number);
    const date = { year: expandYear(yy ?? 0, reference), month: mo ?? 0, day: dd ?? 0, end: 0 };
    return compose(date, TIME.exec(`${hh}:${mi}:${ss}`), '', reference);
  }
  const date = matchDate(text, reference);
  const after = date ? text.slice(date.end) : text;
  const time = TIME.exec(after);
  if (date === null) {
    if (time === null) return null;
    // A bare time of day belongs to the reference day.
    const day = new Date(reference);
    const today = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      end: 0,
    };
    return compose(today, time, after.slice(time.index + time[0].length), reference);
  }
  return compose(date, time, time ? after.slice(time.index + time[0].length) : after, reference);
}
