import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startControlServer, type ControlServer } from './control-server';
import { createFleetState, type FleetState } from './fleet-state';

describe('the fleet control endpoint', () => {
  let state: FleetState;
  let control: ControlServer;
  beforeEach(async () => {
    state = createFleetState();
    control = await startControlServer({ state, port: 0, now: () => 0 });
  });
  afterEach(() => control.close());

  const post = async (path: string) => {
    const response = await fetch(`${control.origin}${path}`, { method: 'POST' });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('listens on loopback; only the right operation on the right component ends a fault', async () => {
    expect(control.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await post('/faults/bad-deploy')).status).toBe(201);
    expect(state.version('payments')).toBe('1.9.0');
    expect((await post('/components/payments/restart')).body.ended).toEqual([]);
    expect((await post('/components/checkout/rollback')).body.ended).toEqual([]);
    expect(state.active()).toHaveLength(1);
    const rollback = await post('/components/payments/rollback');
    expect(rollback).toMatchObject({
      status: 200,
      body: { ended: ['bad-deploy'], version: '1.8.2' },
    });
    expect(state.active()).toEqual([]);
    expect((await post('/components/inventory/scale')).body.replicas).toBe(3);
  });

  it('answers 404 naming an unknown component, operation, fault or route', async () => {
    expect(await post('/components/mainframe/restart')).toEqual({
      status: 404,
      body: { error: "unknown component 'mainframe'" },
    });
    expect((await post('/components/auth/reboot')).body.error).toContain(
      "unknown operation 'reboot'",
    );
    expect((await post('/faults/meteor')).body.error).toBe("unknown fault 'meteor'");
    expect((await post('/nope')).status).toBe(404);
  });
});
