/**
 * A small Prometheus text registry: counters and gauges with label sets. Enough for /metrics
 * without pulling a client library into the hot path.
 */
type Labels = Record<string, string>;

interface Family {
  help: string;
  type: 'counter' | 'gauge';
  series: Map<string, { labels: Labels; value: number }>;
  collect?: () => number;
}

export interface MetricsRegistry {
  counter(name: string, help: string): (labels?: Labels, by?: number) => void;
  gauge(name: string, help: string, collect: () => number): void;
  render(): string;
}

const labelKey = (labels: Labels): string =>
  Object.keys(labels)
    .sort()
    .map((key) => `${key}="${escapeLabel(labels[key] ?? '')}"`)
    .join(',');

const escapeLabel = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function createMetricsRegistry(): MetricsRegistry {
  const families = new Map<string, Family>();
  return {
    counter(name, help) {
      const family: Family = { help, type: 'counter', series: new Map() };
      families.set(name, family);
      return (labels = {}, by = 1) => {
        const key = labelKey(labels);
        const entry = family.series.get(key);
        if (entry) entry.value += by;
        else family.series.set(key, { labels, value: by });
      };
    },
    gauge(name, help, collect) {
      families.set(name, { help, type: 'gauge', series: new Map(), collect });
    },
    render() {
      const lines: string[] = [];
      for (const [name, family] of families) {
        lines.push(`# HELP ${name} ${family.help}`, `# TYPE ${name} ${family.type}`);
        if (family.collect) lines.push(`${name} ${family.collect()}`);
        for (const [key, entry] of family.series)
          lines.push(`${name}${key ? `{${key}}` : ''} ${entry.value}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
