import { describe, expect, it } from 'vitest';
import { displayPort } from './agent-port';

describe('displayPort', () => {
  it.each([
    ['orchestrator', 'http://127.0.0.1:9999', '8080'],
    ['orchestrator', '', '8080'],
    ['rca', 'http://127.0.0.1:43127', '43127'],
    ['rca', 'http://10.0.0.5:8081/', '8081'],
    ['executor', 'http://vigil.internal', 'unknown'],
    ['executor', 'https://vigil.internal/api', 'unknown'],
    ['collaborator', 'http://host:8082/health', 'unknown'],
    ['traceability', '', 'unknown'],
    ['traceability', null, 'unknown'],
  ] as const)('%s at %j shows port %s', (agent, url, port) => {
    expect(displayPort(agent, url)).toBe(port);
  });
});
