import { z } from 'zod';
import type { MinedEvent } from '../mined-event';
import { createLruMap } from './lru-map';
import type { EventContext } from './model';
import { severityClass } from './severity';

/**
 * Counts several models need (how often this component logged this template, how long the component
 * has been around), kept once for all of them: one table lookup per event instead of one per model.
 * `context` reads the counts as they were before the event; `commit` then counts the event.
 */
export interface EventStats {
  context(event: MinedEvent): EventContext;
  /** Counts the event `context` was last called with. */
  commit(): void;
  snapshot(): unknown;
  restore(state: unknown): void;
}

export interface EventStatsLimits {
  maxTemplates: number;
  maxComponents: number;
}

interface ComponentEntry {
  events: number;
  since: number;
}

interface TemplateEntry {
  count: number;
}

const Snapshot = z.object({
  version: z.literal(1),
  components: z.array(z.tuple([z.string(), z.number().int().nonnegative(), z.number()])),
  templates: z.array(z.tuple([z.string(), z.number().int().nonnegative()])),
});

export function createEventStats(limits: EventStatsLimits): EventStats {
  const components = createLruMap<string, ComponentEntry>(limits.maxComponents);
  const templates = createLruMap<string, TemplateEntry>(limits.maxTemplates);
  let pendingComponent: ComponentEntry | null = null;
  let pendingTemplate: TemplateEntry | null = null;

  function entries(component: string, key: string, time: number): [ComponentEntry, TemplateEntry] {
    let c = components.get(component);
    if (c === undefined) {
      c = { events: 0, since: time };
      components.set(component, c);
    } else if (time < c.since) c.since = time;
    let t = templates.get(key);
    if (t === undefined) {
      t = { count: 0 };
      templates.set(key, t);
    }
    return [c, t];
  }

  return {
    context(event) {
      const severity = severityClass(event.record.severityNumber, event.record.severityText);
      const host = event.record.resource['host.name'];
      const component = event.record.component || 'unknown';
      const key = `${component}\u0000${event.templateId}`;
      const time = event.record.time;
      [pendingComponent, pendingTemplate] = entries(component, key, time);
      return {
        component,
        key,
        host: typeof host === 'string' ? host : '',
        severity,
        isError: severity === 'error' || severity === 'fatal',
        time,
        seen: pendingTemplate.count,
        componentEvents: pendingComponent.events,
        componentSince: pendingComponent.since,
      };
    },
    commit() {
      if (pendingComponent) pendingComponent.events += 1;
      if (pendingTemplate) pendingTemplate.count += 1;
      pendingComponent = null;
      pendingTemplate = null;
    },
    snapshot: () => ({
      version: 1 as const,
      components: [...components.entries()].map(([name, c]) => [name, c.events, c.since] as const),
      templates: [...templates.entries()].map(([key, t]) => [key, t.count] as const),
    }),
    restore(state) {
      const parsed = Snapshot.parse(state);
      components.clear();
      for (const [name, events, since] of parsed.components)
        components.set(name, { events, since });
      templates.clear();
      for (const [key, count] of parsed.templates) templates.set(key, { count });
    },
  };
}
