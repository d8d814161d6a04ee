import type { LogRecord } from '../../../ingest/records';
import type { MinedEvent } from '../mined-event';
import { createEventStats } from './event-stats';
import type { DetectionModel, ModelOutput } from './model';
import { severityNumberFor } from '../../../ingest/severity';

/** Test-only factories: small events with explicit event times, no miner needed. */
export interface EventSpec {
  template: string;
  params?: string[];
  templateId?: string;
  component?: string;
  level?: string;
  time?: number;
  traceId?: string | null;
  host?: string;
  body?: string;
}

export const T0 = Date.UTC(2026, 0, 1);
export const MINUTE = 60_000;

const fill = (template: string, params: readonly string[]): string => {
  let i = 0;
  return template.replace(/<\*>/g, () => params[i++] ?? '');
};

/** Creates events the way the miner would: template ids by text, counts and "new" flags tracked. */
export function createEventFactory() {
  const counts = new Map<string, number>();
  let seq = 0;
  return (spec: EventSpec): MinedEvent => {
    const templateId = spec.templateId ?? `tpl-${spec.template}`;
    const templateCount = (counts.get(templateId) ?? 0) + 1;
    counts.set(templateId, templateCount);
    seq += 1;
    const level = spec.level ?? 'INFO';
    const record: LogRecord = {
      id: `rec-${seq}`,
      time: spec.time ?? T0,
      observedTime: spec.time ?? T0,
      severityNumber: severityNumberFor(level),
      severityText: level,
      body: spec.body ?? fill(spec.template, spec.params ?? []),
      component: spec.component ?? 'checkout',
      resource: spec.host ? { 'host.name': spec.host } : {},
      attributes: {},
      traceId: spec.traceId ?? null,
      spanId: null,
    };
    return {
      record,
      templateId,
      template: spec.template,
      parameters: spec.params ?? [],
      isNewTemplate: templateCount === 1,
      templateCount,
    };
  };
}

/**
 * Runs events through one model the way the ensemble does: shared stats give the context, the model
 * scores, then learns, then the stats count the event.
 */
export function createRunner(model: DetectionModel): (event: MinedEvent) => ModelOutput {
  const stats = createEventStats({ maxTemplates: 10_000, maxComponents: 100 });
  return (event) => {
    const ctx = stats.context(event);
    const output = model.score(event, ctx);
    model.learn?.(event, ctx);
    stats.commit();
    return output;
  };
}
