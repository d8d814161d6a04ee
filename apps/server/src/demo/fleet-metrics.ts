import { FLEET_SERVICES } from './fleet-catalogue';
import type { FleetState } from './fleet-state';
import type { GaugeSample } from './otlp-json';
import type { Random } from './random';

const MIB = 1_048_576;

/** CPU, memory and (for stateful nodes) disk gauges of every service, as host metrics report them. */
export function sampleFleetMetrics(state: FleetState, random: Random): GaugeSample[] {
  return FLEET_SERVICES.flatMap((svc) => {
    const fault = state.faultOn(svc.name);
    const jitter = 0.85 + random.next() * 0.3;
    const perReplica = svc.replicas / Math.max(1, state.replicas(svc.name));
    const cpu = Math.min(1, fault?.cpu ?? svc.cpu * jitter * perReplica);
    const memory = Math.round(svc.memoryMb * MIB * (0.95 + random.next() * 0.1));
    const samples: GaugeSample[] = [
      { service: svc.name, name: 'process.cpu.utilization', unit: '1', value: round(cpu) },
      { service: svc.name, name: 'process.memory.usage', unit: 'By', value: memory },
      {
        service: svc.name,
        name: 'container.memory.limit',
        unit: 'By',
        value: Math.round(svc.memoryMb * 2 * MIB),
      },
    ];
    if (svc.kind === 'database' || svc.kind === 'storage' || svc.kind === 'broker')
      samples.push({
        service: svc.name,
        name: 'system.filesystem.utilization',
        unit: '1',
        value: round(fault?.diskUtilization ?? 0.42 + random.next() * 0.04),
        attributes: { 'system.filesystem.mountpoint': '/data' },
      });
    return samples;
  });
}

const round = (value: number): number => Math.round(value * 1_000) / 1_000;
