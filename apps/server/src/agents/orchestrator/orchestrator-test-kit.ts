import type { Anomaly, Severity } from '@vigil/contract';
import type { Bus } from '../../bus/bus';
import type { AnomaliesDetected, DetectedAnomaly } from '../../bus/messages';
import type { Clock } from '../../shared/clock';
import type { Store } from '../../store/create-store';
import { anomalyColumns, makeAnomaly } from '../../store/test-factories';
import type { Timers } from '../shared/repeat';

export interface EventSpec {
  component: string;
  templateId: string;
  template?: string;
  offsetMs?: number;
  traceId?: string | null;
  severity?: Severity;
}

/** Stores and announces anomalies the way the detector does (and waits for the bus unless told not to). */
export async function detect(
  app: { store: Store; bus: Bus; clock: Clock },
  specs: EventSpec[],
  options: { drain?: boolean } = {},
): Promise<Anomaly[]> {
  const items: DetectedAnomaly[] = specs.map((spec) => {
    const anomaly = makeAnomaly({
      component: spec.component,
      eventTime: app.clock.now() + (spec.offsetMs ?? 0),
      traceId: spec.traceId ?? null,
      severity: spec.severity ?? 'high',
      incidentId: null,
    });
    return {
      anomaly,
      componentMeta: {
        friendly_name: spec.component,
        env: 'prod',
        namespace: 'shop',
        layer: 'backend',
        version: null,
      },
      templateId: spec.templateId,
      template: spec.template ?? `template ${spec.templateId}`,
      recordId: anomaly.id,
    };
  });
  await app.store.anomalies.insertMany(
    items.map((i) => ({
      anomaly: i.anomaly,
      columns: anomalyColumns(app.clock.now(), i.templateId),
    })),
  );
  await app.bus.publish<AnomaliesDetected>('anomalies.detected', { items });
  if (options.drain !== false) await app.bus.drain();
  return items.map((i) => i.anomaly);
}

/** Timers the test fires by hand; remembers what each was armed for. */
export function manualTimers() {
  const armed: { callback: () => void; ms: number; cancelled: boolean; fired: boolean }[] = [];
  const timers: Timers = {
    set(callback, ms) {
      const entry = { callback, ms, cancelled: false, fired: false };
      armed.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const pending = () => armed.filter((entry) => !entry.cancelled && !entry.fired);
  /** Fires the pending timers armed for `ms`; returns how many fired. */
  const fire = (ms: number): number => {
    const due = pending().filter((entry) => entry.ms === ms);
    for (const entry of due) {
      entry.fired = true;
      entry.callback();
    }
    return due.length;
  };
  return { timers, pending, fire };
}
