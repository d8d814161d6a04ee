import { describe, expect, it } from 'vitest';
import { classifyFailure } from './classify-failure';

describe('failure-kind classifier', () => {
  it.each([
    { text: 'FATAL: sorry, too many clients already', kind: 'connection_pool_exhaustion' },
    {
      text: 'HikariPool-1 - Connection is not available, request timed out; pool exhausted',
      kind: 'connection_pool_exhaustion',
    },
    { text: 'java.lang.OutOfMemoryError: Java heap space', kind: 'out_of_memory' },
    { text: 'container killed: OOMKilled', kind: 'out_of_memory' },
    { text: 'write /var/lib/data/wal: no space left on device', kind: 'disk_full' },
    { text: 'dial tcp 10.0.0.5:5432: connect: connection refused', kind: 'dependency_down' },
    { text: 'upstream connect error or disconnect/reset before headers', kind: 'dependency_down' },
    { text: 'context deadline exceeded while calling inventory', kind: 'latency_regression' },
    { text: 'x509: certificate has expired or is not yet valid', kind: 'certificate_expiry' },
    { text: 'password authentication failed for user "app"', kind: 'auth_failure' },
    { text: 'HTTP 429 Too Many Requests from payments API', kind: 'rate_limiting' },
    {
      text: 'TypeError: order.total is not a function after deploy of version 2.4.1',
      kind: 'bad_deploy',
    },
  ])('$text → $kind', ({ text, kind }) => {
    expect(classifyFailure({ texts: [text] })?.kind.id).toBe(kind);
  });

  it('recognises nothing in ordinary text', () => {
    expect(classifyFailure({ texts: ['order 42 shipped', 'cache warm'] })).toBeNull();
  });

  it('the root component’s own messages (listed first) outweigh the callers’', () => {
    const texts = [
      'too many clients already',
      'x',
      'y',
      'connection refused',
      'connection refused',
    ];
    expect(classifyFailure({ texts })?.kind.id).toBe('connection_pool_exhaustion');
  });

  it('metrics add their own evidence: memory near the limit', () => {
    const found = classifyFailure({
      texts: ['worker restarted'],
      metrics: { memoryUsage: 97, errorRate: 0, responseTimeP95: 5 },
    });
    expect(found?.kind.id).toBe('out_of_memory');
    expect(found?.matched).toContain('memory usage 97%');
  });

  it('a version change with a jumping error rate reads as a bad deploy', () => {
    const found = classifyFailure({
      texts: ['request failed'],
      metrics: { memoryUsage: null, errorRate: 30, responseTimeP95: 5 },
      versionChanged: true,
    });
    expect(found?.kind.id).toBe('bad_deploy');
  });
});
