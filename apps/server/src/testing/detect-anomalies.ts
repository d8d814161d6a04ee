import type { Anomaly, Severity } from '@vigil/contract';
import type { Bus } from '../bus/bus';
import type { AnomaliesDetected, DetectedAnomaly } from '../bus/messages';
import type { Clock } from '../shared/clock';
import type { Store } from '../store/create-store';
import { anomalyColumns, makeAnomaly } from '../store/test-factories';

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
