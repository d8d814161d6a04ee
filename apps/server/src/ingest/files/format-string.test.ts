import { describe, expect, it } from 'vitest';
import { LogFormatError, compileFormat, matchFormat } from './format-string';
import { LOGHUB_FORMATS, hasLoghub, loghubLines, loghubStructured } from './testing/loghub';

describe('compileFormat', () => {
  it('turns fields into lazy groups and spaces into \\s+', () => {
    const format = compileFormat('<Date> <Time>  <Level> <Content>');
    expect(format.fields).toEqual(['Date', 'Time', 'Level', 'Content']);
    expect(matchFormat(format, '2024-01-01   12:00:00 INFO   hello  world ')).toEqual({
      Date: '2024-01-01',
      Time: '12:00:00',
      Level: 'INFO',
      Content: 'hello  world',
    });
    expect(matchFormat(format, 'no')).toBeNull();
  });

  it('keeps regex escapes and optional groups as written', () => {
    const format = compileFormat('<Component>(\\[<PID>\\])?: <Content>');
    expect(matchFormat(format, 'sshd[42]: hi')).toEqual({
      Component: 'sshd',
      PID: '42',
      Content: 'hi',
    });
    expect(matchFormat(format, 'cron: hi')).toEqual({ Component: 'cron', PID: '', Content: 'hi' });
  });

  it.each([
    ['<Date> <Time>', /no <Content>/],
    ['<Date> <Date> <Content>', /appears twice/],
    ['<Bad-Name> <Content>', /bad field name/],
    ['(<Level> <Content>', /not a valid pattern/],
  ])('refuses %s', (format, message) => {
    expect(() => compileFormat(format)).toThrow(LogFormatError);
    expect(() => compileFormat(format)).toThrow(message);
  });
});

describe.skipIf(!hasLoghub)('the ten loghub formats', () => {
  it.each(Object.keys(LOGHUB_FORMATS))(
    '%s: every line parses into the ground-truth Content and fields',
    (dataset) => {
      const format = compileFormat(LOGHUB_FORMATS[dataset] ?? '');
      const lines = loghubLines(dataset);
      const rows = loghubStructured(dataset);
      expect(rows.length).toBe(2000);
      const mismatches: string[] = [];
      rows.forEach((row, i) => {
        const fields = matchFormat(format, lines[i] ?? '');
        for (const name of format.fields) {
          if (fields?.[name] !== row[name])
            mismatches.push(
              `line ${i + 1} <${name}>: ${JSON.stringify(fields?.[name])} ≠ ${JSON.stringify(row[name])}`,
            );
        }
      });
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
  );
});
