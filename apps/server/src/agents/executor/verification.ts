import type { Execution } from '@vigil/contract';
import type { Bus } from '../../bus/bus';
import type { AnomaliesDetected, IncidentChangedMessage } from '../../bus/messages';
import type { Store } from '../../store/create-store';
import type { Timers } from '../shared/repeat';
import { publishExecution } from './execution-record';

export { realTimers, type Timers } from '../shared/repeat';

export interface VerifierDeps {
  bus: Bus;
  store: Store;
  timers: Timers;
  windowSeconds: () => number;
  onError: (error: unknown) => void;
}

interface Watch {
  execution: Execution;
  components: Set<string>;
  affected: string[];
  newAnomalies: number;
  cancel: () => void;
}

export interface Verifier {
  /** Starts watching the incident's components after a successful action. */
  watch(execution: Execution, affected: string[]): void;
  /** Anomalies arriving on the bus during a window count against recovery. */
  observe(message: AnomaliesDetected): void;
  stop(): void;
  /** Verifications still inside their window. */
  active(): number;
}

/**
 * The closed loop: after a successful action the executor watches the incident's components for a
 * window. No new anomaly: `recovered`, and `incidents.changed {change: 'verified'}` lets the
 * orchestrator close the incident. Otherwise `not_recovered`, which the collaborator escalates.
 */
export function createVerifier(deps: VerifierDeps): Verifier {
  const watches = new Map<string, Watch>();

  const conclude = async (watch: Watch): Promise<void> => {
    watches.delete(watch.execution.id);
    const recovered = watch.newAnomalies === 0;
    const updated = await deps.store.executions.update(watch.execution.id, {
      verification: recovered ? 'recovered' : 'not_recovered',
    });
    if (!updated) return;
    await publishExecution(
      deps.bus,
      updated,
      recovered ? 'verified' : 'verification_failed',
      watch.affected,
    );
    if (recovered && updated.incident_id !== null) {
      const message: IncidentChangedMessage = {
        incidentId: updated.incident_id,
        change: 'verified',
      };
      await deps.bus.publish('incidents.changed', message);
    }
  };

  return {
    watch(execution, affected) {
      const previous = watches.get(execution.id);
      previous?.cancel();
      const watch: Watch = {
        execution,
        components: new Set(affected),
        affected,
        newAnomalies: 0,
        cancel: () => undefined,
      };
      watch.cancel = deps.timers.set(() => {
        conclude(watch).catch(deps.onError);
      }, deps.windowSeconds() * 1_000);
      watches.set(execution.id, watch);
    },
    observe({ items }) {
      for (const watch of watches.values()) {
        for (const { anomaly } of items) {
          if (
            watch.components.has(anomaly.source_system) ||
            watch.components.has(anomaly.context.component)
          )
            watch.newAnomalies += 1;
        }
      }
    },
    stop() {
      for (const watch of watches.values()) watch.cancel();
      watches.clear();
    },
    active: () => watches.size,
  };
}
