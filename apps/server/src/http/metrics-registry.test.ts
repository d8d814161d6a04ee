import { describe, expect, it } from 'vitest';
import { createMetricsRegistry } from './metrics-registry';

describe('metrics registry', () => {
  it('renders counters with labels and gauges in Prometheus text', () => {
    const registry = createMetricsRegistry();
    const requests = registry.counter('vigil_requests_total', 'Requests');
    requests({ status: '2xx' });
    requests({ status: '2xx' }, 2);
    requests({ status: '4xx', path: 'a"b' });
    let depth = 7;
    registry.gauge('vigil_queue_depth', 'Queue depth', () => depth);
    depth = 9;
    const text = registry.render();
    expect(text).toContain('# TYPE vigil_requests_total counter');
    expect(text).toContain('vigil_requests_total{status="2xx"} 3');
    expect(text).toContain('vigil_requests_total{path="a\\"b",status="4xx"} 1');
    expect(text).toContain('vigil_queue_depth 9');
  });
});
