import { describe, expect, it } from 'vitest';
import {
  extractTraceContext,
  extractTraceContextFromText,
  normaliseTraceId,
} from './trace-context';

const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const S = '00f067aa0ba902b7';

describe('extractTraceContextFromText', () => {
  it.each([
    [`request failed trace_id=${T}`, T, null],
    [`request failed trace_id=${T} span_id=${S}`, T, S],
    [`traceId: ${T.toUpperCase()}`, T, null],
    [`trace-id ${T}`, T, null],
    [`Trace ID: ${T}, span id ${S}`, T, S],
    [`trace-id=${T}`, T, null],
    [`{"level":"error","trace_id":"${T}","span_id":"${S}"}`, T, S],
    [`trace.id='${T}'`, T, null],
    [`traceparent: 00-${T}-${S}-01 GET /`, T, S],
    [`headers={traceparent=00-${T}-${S}-00}`, T, S],
    [`"traceparent":"00-${T}-${S}-01"`, T, S],
    [`trace_id=4bf92f35-77b3-4da6-a3ce-929d0e0e4736 done`, T, null],
    ['trace_id=a3ce929d0e0e4736 done', '0000000000000000a3ce929d0e0e4736', null],
    [`trace_id=${'0'.repeat(32)}`, null, null],
    [`trace_id=${T}ff (too long)`, null, null],
    [`trace_id=${T.slice(1)} (too short)`, null, null],
    [`mytrace_id=${T}`, null, null],
    [`traceparent: 00-${'0'.repeat(32)}-${S}-01 trace_id=${T}`, T, null],
    [`no trace here, just ${T}`, null, null],
    ['short', null, null],
  ])('%s', (text, traceId, spanId) => {
    const found = extractTraceContextFromText(text);
    if (traceId === null) expect(found).toBeNull();
    else expect(found).toEqual({ traceId, spanId });
  });
});

describe('extractTraceContext', () => {
  it('prefers attributes over the text', () => {
    const other = 'a'.repeat(32);
    expect(extractTraceContext(`trace_id=${other}`, { trace_id: T, span_id: S })).toEqual({
      traceId: T,
      spanId: S,
    });
    expect(extractTraceContext(`trace_id=${other}`, { traceId: 'garbage' })).toEqual({
      traceId: other,
      spanId: null,
    });
    expect(extractTraceContext('', { traceparent: `00-${T}-${S}-01` })).toEqual({
      traceId: T,
      spanId: S,
    });
    expect(extractTraceContext('nothing', { trace_id: 42 })).toBeNull();
  });
});

describe('normaliseTraceId', () => {
  it('accepts 32 hex, 16 hex (left-padded) and UUID forms only', () => {
    expect(normaliseTraceId(T.toUpperCase())).toBe(T);
    expect(normaliseTraceId('a3ce929d0e0e4736')).toBe('0000000000000000a3ce929d0e0e4736');
    expect(normaliseTraceId('4bf92f35-77b3-4da6-a3ce-929d0e0e4736')).toBe(T);
    expect(normaliseTraceId('xyz')).toBeNull();
    expect(normaliseTraceId('0'.repeat(16))).toBeNull();
  });
});
