import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../shared/clock';
import { LogFormatError } from './format-string';
import { createLineParser } from './line-parser';
import { LOGHUB_FORMATS, hasLoghub, loghubLines } from './testing/loghub';

const clock = createFakeClock(Date.UTC(2026, 0, 10, 12));
const parser = (format: string) => createLineParser(format, { now: () => clock.now() });
const iso = (ms: number): string => new Date(ms).toISOString();

describe.skipIf(!hasLoghub)('createLineParser with the loghub formats', () => {
  it.each([
    ['Android', '2025-03-17T16:13:38.811Z', 5, 'D', 'WindowManager', { pid: '1702', tid: '2395' }],
    ['Apache', '2005-12-04T04:47:44.000Z', 10, 'notice', null, {}],
    [
      'BGL',
      '2005-06-03T22:42:50.000Z',
      9,
      'INFO',
      'KERNEL',
      { label: '-', node: 'R02-M1-N0-C:J12-U11', type: 'RAS' },
    ],
    ['HDFS', '2008-11-09T20:36:15.000Z', 9, 'INFO', 'dfs.DataNode$PacketResponder', { pid: '148' }],
    [
      'HPC',
      '2004-02-26T14:12:22.000Z',
      0,
      '',
      'unix.hw',
      { logid: '134681', node: 'node-246', state: 'state_change.unavailable' },
    ],
    [
      'Hadoop',
      '2015-10-18T18:01:47.978Z',
      9,
      'INFO',
      'org.apache.hadoop.mapreduce.v2.app.MRAppMaster',
      { process: 'main' },
    ],
    [
      'Linux',
      '2025-06-14T15:16:01.000Z',
      0,
      '',
      'sshd(pam_unix)',
      { level: 'combo', pid: '19939' },
    ],
    [
      'OpenStack',
      '2017-05-16T00:00:00.008Z',
      9,
      'INFO',
      'nova.osapi_compute.wsgi.server',
      { pid: '25746' },
    ],
    ['Spark', '2017-06-09T20:10:40.000Z', 9, 'INFO', 'executor.CoarseGrainedExecutorBackend', {}],
    ['Windows', '2016-09-28T04:30:30.000Z', 9, 'Info', 'CBS', {}],
  ])(
    '%s: first line → time, severity, component, attributes',
    (dataset, time, severityNumber, severityText, component, attributes) => {
      const [first = ''] = loghubLines(dataset);
      const line = parser(LOGHUB_FORMATS[dataset] ?? '').parse(first);
      expect(iso(line.time)).toBe(time);
      expect(line).toMatchObject({ severityNumber, severityText, component });
      expect(line.attributes).toMatchObject(attributes);
      expect(first.trimEnd().endsWith(line.body)).toBe(true);
    },
  );

  it('BGL: the alert label never reaches the body', () => {
    const lines = loghubLines('BGL');
    const p = parser(LOGHUB_FORMATS['BGL'] ?? '');
    const alerts = lines
      .map((line) => p.parse(line))
      .filter((line) => line.attributes['label'] !== '-');
    expect(alerts.length).toBe(143);
    for (const alert of alerts)
      expect(alert.body.startsWith(String(alert.attributes['label']))).toBe(false);
  });
});

describe('createLineParser: auto-detection', () => {
  it.each([
    [
      '2024-03-01T12:00:00.123Z ERROR payment-service: charge failed',
      '2024-03-01T12:00:00.123Z',
      17,
      'payment-service',
      'charge failed',
    ],
    [
      '2024-03-01T12:00:00+02:00 [warn] disk almost full',
      '2024-03-01T10:00:00.000Z',
      13,
      null,
      'disk almost full',
    ],
    [
      '2024-03-01 12:00:00,123 INFO [main] org.example.App: started',
      '2024-03-01T12:00:00.123Z',
      9,
      'org.example.App',
      'started',
    ],
    [
      '2024-03-01 12:00:00,123 - myapp.db - WARNING - slow query',
      '2024-03-01T12:00:00.123Z',
      13,
      'myapp.db',
      'slow query',
    ],
    [
      'Jan  9 08:00:01 web-1 nginx[311]: upstream timed out',
      '2026-01-09T08:00:01.000Z',
      0,
      'nginx',
      'upstream timed out',
    ],
    ['Dec 31 23:59:59 web-1 cron: tick', '2025-12-31T23:59:59.000Z', 0, 'cron', 'tick'],
    [
      '[Sun Dec 04 04:47:44 2005] [error] mod_jk child in error state 6',
      '2005-12-04T04:47:44.000Z',
      17,
      null,
      'mod_jk child in error state 6',
    ],
    [
      '03-17 16:13:38.811  1702  2395 E WindowManager: boom',
      '2025-03-17T16:13:38.811Z',
      17,
      'WindowManager',
      'boom',
    ], // March would be in the future: last year,
    [
      '17/06/09 20:10:40 WARN storage.BlockManager: low memory',
      '2017-06-09T20:10:40.000Z',
      13,
      'storage.BlockManager',
      'low memory',
    ],
    ['[ERROR] no timestamp here', null, 17, null, 'no timestamp here'],
    ['FATAL: out of memory', null, 21, null, 'out of memory'],
    ['Note: this is just text', null, 0, null, 'Note: this is just text'],
    ['error connecting to db', null, 0, null, 'error connecting to db'],
    ['1700000000 INFO epoch seconds', '2023-11-14T22:13:20.000Z', 9, null, 'epoch seconds'],
  ])('%s', (text, time, severityNumber, component, body) => {
    const line = parser('auto').parse(text);
    if (time !== null) expect(iso(line.time)).toBe(time);
    expect(line).toMatchObject({ severityNumber, component, body });
  });

  it('reads JSON lines with the usual keys, nested or flat', () => {
    const p = parser('auto');
    const line = p.parse(
      '{"@timestamp":"2024-03-01T12:00:00Z","log":{"level":"warn"},"service":{"name":"cart"},"message":"slow","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","span_id":"00f067aa0ba902b7","http":{"status":503},"tags":["a"]}',
    );
    expect(line).toMatchObject({
      time: Date.UTC(2024, 2, 1, 12),
      severityNumber: 13,
      severityText: 'warn',
      component: 'cart',
      body: 'slow',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      attributes: { 'http.status': 503, tags: '["a"]' },
    });
    const pino = p.parse('{"level":50,"time":1700000000123,"msg":"boom","name":"api"}');
    expect(pino).toMatchObject({
      time: 1_700_000_000_123,
      severityNumber: 17,
      severityText: 'ERROR',
      component: 'api',
      body: 'boom',
    });
    const noMessage = p.parse('{"event_time":1700000000.5,"user":"u1"}');
    expect(noMessage).toMatchObject({
      time: 1_700_000_000_500,
      body: '{"event_time":1700000000.5,"user":"u1"}',
      attributes: { user: 'u1' },
    });
  });

  it('reads logfmt lines', () => {
    const line = parser('auto').parse(
      'time=2024-03-01T12:00:00Z level=error service=cart msg="payment \\"declined\\"" amount=12',
    );
    expect(line).toMatchObject({
      time: Date.UTC(2024, 2, 1, 12),
      severityNumber: 17,
      component: 'cart',
      body: 'payment "declined"',
      attributes: { amount: '12' },
    });
  });

  it('json format keeps non-JSON lines whole', () => {
    expect(parser('json').parse('2024-03-01T12:00:00Z ERROR x: y')).toMatchObject({
      body: '2024-03-01T12:00:00Z ERROR x: y',
      severityNumber: 0,
    });
    expect(parser('json').parse('{"msg":"ok","level":"info"}')).toMatchObject({
      body: 'ok',
      severityNumber: 9,
    });
  });
});

describe('createLineParser: time fallback and misfits', () => {
  it('gives a line without a time the previous line’s time, or now, so order is kept', () => {
    const p = parser('auto');
    expect(p.parse('no time at all').time).toBe(clock.now());
    expect(p.parse('2024-03-01T12:00:00Z ERROR boom').time).toBe(Date.UTC(2024, 2, 1, 12));
    expect(p.parse('    at com.example.Foo(Foo.java:1)').time).toBe(Date.UTC(2024, 2, 1, 12));
  });

  it('counts lines that do not fit an explicit format and keeps them whole', () => {
    const p = parser('<Date> <Time> <Level> <Content>');
    expect(p.parse('2024-03-01 12:00:00 INFO fine')).toMatchObject({
      body: 'fine',
      severityNumber: 9,
    });
    expect(p.parse('   a stack frame   ')).toMatchObject({
      body: 'a stack frame',
      severityNumber: 0,
    });
    expect(p.unmatched).toBe(1);
  });

  it('refuses a bad format string when built', () => {
    expect(() => parser('<Level>')).toThrow(LogFormatError);
  });
});
