import { FLEET_SERVICES, findService } from './fleet-catalogue';
import { findFault, type ControlOperation, type FaultDefinition } from './fault-catalogue';

export interface ActiveFault {
  fault: FaultDefinition;
  /** Real time it started (ms). */
  since: number;
}

export interface OperationResult {
  component: string;
  operation: ControlOperation;
  /** Faults this operation ended (control plane answer, never telemetry). */
  ended: string[];
  replicas: number;
  version: string;
}

export interface FleetState {
  inject(name: string, now: number): ActiveFault;
  /** The fault active on a component, if any (one per component at a time). */
  faultOn(component: string): FaultDefinition | null;
  active(): ActiveFault[];
  replicas(component: string): number;
  version(component: string): string;
  operate(component: string, operation: ControlOperation): OperationResult;
  /** Ends faults older than `maxAgeMs` on their own (someone fixed it by hand). */
  expire(now: number, maxAgeMs: number): string[];
}

export class UnknownNameError extends Error {}

/** What is broken and how the fleet is deployed right now; the control operations change it. */
export function createFleetState(): FleetState {
  const faults = new Map<string, ActiveFault>();
  const replicas = new Map(FLEET_SERVICES.map((s) => [s.name, s.replicas]));
  const versions = new Map(FLEET_SERVICES.map((s) => [s.name, s.version]));

  const faultOn = (component: string): FaultDefinition | null => {
    for (const { fault } of faults.values()) if (fault.root === component) return fault;
    return null;
  };

  return {
    inject(name, now) {
      const fault = findFault(name);
      if (!fault) throw new UnknownNameError(`unknown fault '${name}'`);
      const existing = faults.get(name);
      if (existing) return existing;
      const active = { fault, since: now };
      faults.set(name, active);
      return active;
    },
    faultOn,
    active: () => [...faults.values()],
    replicas: (component) => replicas.get(component) ?? 1,
    version: (component) => faultOn(component)?.version ?? versions.get(component) ?? '0.0.0',
    operate(component, operation) {
      const service = findService(component);
      if (!service) throw new UnknownNameError(`unknown component '${component}'`);
      if (operation === 'scale') replicas.set(component, (replicas.get(component) ?? 1) + 1);
      const ended: string[] = [];
      for (const [name, { fault }] of faults) {
        if (fault.root === component && fault.endedBy.includes(operation)) {
          faults.delete(name);
          ended.push(name);
        }
      }
      return {
        component,
        operation,
        ended,
        replicas: replicas.get(component) ?? 1,
        version: versions.get(component) ?? service.version,
      };
    },
    expire(now, maxAgeMs) {
      const ended: string[] = [];
      for (const [name, active] of faults) {
        if (now - active.since >= maxAgeMs) {
          faults.delete(name);
          ended.push(name);
        }
      }
      return ended;
    },
  };
}
