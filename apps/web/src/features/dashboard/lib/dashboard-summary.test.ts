import { describe, expect, it } from 'vitest';
import { countHealthy, isOrchestratorOnline, systemHealthPercent } from './dashboard-summary';

const status = (vigil: boolean, orbit: boolean, text: string) => ({
  vigil_agents_running: vigil,
  orbit_agents_running: orbit,
  status: text as 'online',
});

describe('isOrchestratorOnline', () => {
  it.each([
    [status(true, false, 'degraded'), true],
    [status(false, true, 'offline'), true],
    [status(false, false, 'online'), true],
    [status(false, false, 'ONLINE'), true],
    [status(false, false, 'degraded'), false],
    [status(false, false, 'offline'), false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (input, online) => {
    expect(isOrchestratorOnline(input)).toBe(online);
  });
});

describe('countHealthy', () => {
  it('counts only healthy agents as active', () => {
    expect(countHealthy(['healthy', 'warning', 'unhealthy', 'healthy', 'offline'])).toBe(2);
  });
});

describe('systemHealthPercent', () => {
  it.each([
    [7, 7, 100],
    [5, 7, 71],
    [0, 7, 0],
    [3, 2, 100],
    [0, 0, 0],
  ])('%i healthy of %i total is %i %%', (healthy, total, percent) => {
    expect(systemHealthPercent(healthy, total)).toBe(percent);
  });
});
