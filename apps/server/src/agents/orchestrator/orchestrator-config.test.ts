import { describe, expect, it } from 'vitest';
import { DEFAULT_ORCHESTRATOR_CONFIG, validateOrchestratorConfig } from './orchestrator-config';

describe('validateOrchestratorConfig', () => {
  it('accepts the defaults', () => {
    expect(validateOrchestratorConfig(DEFAULT_ORCHESTRATOR_CONFIG)).toEqual([]);
  });

  it('lists every bad key at once, at the spec bounds', () => {
    const problems = validateOrchestratorConfig({
      ...DEFAULT_ORCHESTRATOR_CONFIG,
      dedup_window_seconds: 9,
      burst_window_seconds: 3_601,
      burst_threshold: 2.5,
      similarity_threshold: 1.1,
    });
    expect(problems).toEqual([
      'agents.orchestrator.dedup_window_seconds must be between 10 and 3600',
      'agents.orchestrator.burst_window_seconds must be between 10 and 3600',
      'agents.orchestrator.burst_threshold must be a whole number',
      'agents.orchestrator.similarity_threshold must be between 0 and 1',
    ]);
  });

  it.each([
    ['burst_threshold', 1],
    ['burst_threshold', 100],
    ['dedup_window_seconds', 10],
    ['burst_window_seconds', 3_600],
    ['similarity_threshold', 0],
  ] as const)('%s = %d is inside the bounds', (key, value) => {
    expect(validateOrchestratorConfig({ ...DEFAULT_ORCHESTRATOR_CONFIG, [key]: value })).toEqual(
      [],
    );
  });
});
