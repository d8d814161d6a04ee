import { describe, expect, it } from 'vitest';
import { decodeOtlp } from '../otlp/decode-otlp';
import { createLineParser } from './line-parser';
import { type OutgoingLine, buildLogsRequest } from './otlp-logs-request';

const NOW = Date.UTC(2026, 0, 10);
const parse = createLineParser('auto', { now: () => NOW });

function outgoing(text: string, component: string, extra = {}): OutgoingLine {
  return { line: parse.parse(text), component, extra };
}

describe('buildLogsRequest', () => {
  it('groups by component and round-trips through the OTLP/JSON decoder', () => {
    const request = buildLogsRequest(
      [
        outgoing(
          '2024-03-01T12:00:00.123Z ERROR payment failed trace_id=4bf92f3577b34da6a3ce929d0e0e4736',
          'payments',
          { 'log.file.name': 'a.log' },
        ),
        outgoing(
          '{"level":"warn","msg":"slow","trace_id":"5b8efff798038103d269b633813fc60c","count":3,"ratio":0.5,"ok":true,"none":null}',
          'cart',
        ),
        outgoing('2024-03-01T12:00:01Z INFO retry ok', 'payments'),
      ],
      NOW,
    );
    expect(request['resourceLogs']).toHaveLength(2);
    const result = decodeOtlp('logs', Buffer.from(JSON.stringify(request)), 'json', {
      now: () => NOW,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rejected).toBe(0);
    const [first, second, third] = result.records;
    expect(first).toMatchObject({
      component: 'payments',
      time: Date.UTC(2024, 2, 1, 12, 0, 0, 123),
      observedTime: NOW,
      severityNumber: 17,
      severityText: 'ERROR',
      body: 'payment failed trace_id=4bf92f3577b34da6a3ce929d0e0e4736',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      attributes: { 'log.file.name': 'a.log', 'otel.scope.name': 'vigil-ingest' },
    });
    expect(second).toMatchObject({ component: 'payments', body: 'retry ok', severityNumber: 9 });
    expect(third).toMatchObject({
      component: 'cart',
      severityNumber: 13,
      severityText: 'warn',
      body: 'slow',
      traceId: '5b8efff798038103d269b633813fc60c',
      attributes: { count: 3, ratio: 0.5, ok: true, none: null },
    });
  });

  it('derives the severity text from a numeric level', () => {
    const request = buildLogsRequest([outgoing('{"level":60,"msg":"down"}', 'x')], NOW);
    const result = decodeOtlp('logs', Buffer.from(JSON.stringify(request)), 'json');
    expect(result.ok && result.records[0]).toMatchObject({
      severityNumber: 21,
      severityText: 'FATAL',
    });
  });
});
