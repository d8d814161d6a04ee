import { describe, expect, it } from 'vitest';
import { filledParameters, parameterFields } from './dry-run-parameters';
import { anAction } from './test-action';

const action = anAction({
  required_parameters: { component: 'service to restart', token: { secret: true } },
  optional_parameters: { reason: { description: 'why' }, component: 'duplicate' },
});

describe('parameterFields', () => {
  it('lists required parameters first, then optional ones not already required', () => {
    expect(parameterFields(action)).toEqual([
      { name: 'component', required: true, description: 'service to restart' },
      { name: 'token', required: true, description: null },
      { name: 'reason', required: false, description: 'why' },
    ]);
  });
});

describe('filledParameters', () => {
  it('drops blank boxes', () => {
    expect(filledParameters({ component: 'orders-db', reason: '  ', token: '' })).toEqual({
      component: 'orders-db',
    });
  });
});
