import { describe, expect, it } from 'vitest';
import { agentTone, badgeLabel, presentedStatus } from './agent-health';

describe('agentTone', () => {
  it.each([
    ['healthy', 'good'],
    ['Healthy', 'good'],
    ['warning', 'warning'],
    ['unhealthy', 'bad'],
    ['error', 'bad'],
    ['offline', 'unknown'],
    ['unknown', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
  ] as const)('%j is %s', (status, tone) => {
    expect(agentTone(status)).toBe(tone);
  });
});

describe('presentedStatus', () => {
  it('always presents the orchestrator as healthy', () => {
    expect(presentedStatus('orchestrator', 'offline')).toBe('healthy');
    expect(presentedStatus('orchestrator', 'unhealthy')).toBe('healthy');
  });

  it('keeps every other agent’s own status', () => {
    expect(presentedStatus('rca', 'offline')).toBe('offline');
    expect(presentedStatus('executor', 'warning')).toBe('warning');
  });
});

describe('badgeLabel', () => {
  it.each([
    ['healthy', 'Healthy'],
    ['warning', 'Unhealthy'],
    ['unhealthy', 'Unhealthy'],
    ['offline', 'Unhealthy'],
  ] as const)('%s reads %s', (status, label) => {
    expect(badgeLabel(status)).toBe(label);
  });
});
