import { describe, expect, it } from 'vitest';
import { listDotColour, nodeHealthColour } from './health-colour';

describe('nodeHealthColour', () => {
  it.each([
    ['healthy', 1, 'healthy'],
    ['healthy', 0.9, 'healthy'],
    ['ok', 0.95, 'healthy'],
    ['healthy', 0.89, 'warning'],
    ['ok', 0.7, 'warning'],
    ['healthy', 0.69, 'critical'],
    ['ok', 0.1, 'critical'],
    ['degraded', 0.95, 'degraded'],
    ['degraded', 0.2, 'degraded'],
    ['unhealthy', 1, 'critical'],
    ['critical', 0.99, 'critical'],
    ['unknown', 0.5, 'critical'],
    ['unknown', 0.95, 'unknown'],
    ['starting', 0.8, 'unknown'],
    ['healthy', null, 'unknown'],
    ['unhealthy', null, 'critical'],
    [null, undefined, 'unknown'],
    [' Healthy ', 0.92, 'healthy'],
  ] as const)('%j with score %j is %s', (status, score, colour) => {
    expect(nodeHealthColour(status, score)).toBe(colour);
  });
});

describe('listDotColour', () => {
  it.each([
    ['healthy', 0.9, 'healthy'],
    ['healthy', 0.75, 'warning'],
    ['healthy', 0.5, 'critical'],
    ['ok', 0.95, 'unknown'],
    ['ok', 0.5, 'critical'],
    ['unhealthy', 0.99, 'critical'],
    ['degraded', 0.8, 'unknown'],
    ['degraded', 0.3, 'critical'],
    ['healthy', undefined, 'unknown'],
    [undefined, undefined, 'unknown'],
  ] as const)('%j with score %j is %s', (status, score, colour) => {
    expect(listDotColour(status, score)).toBe(colour);
  });
});
