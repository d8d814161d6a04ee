import type { ApprovedAction } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { MASK } from '../shared/safe-http/secret-mask';
import { renderCommand } from './render-template';

const makeAction = (overrides: Partial<ApprovedAction> = {}): ApprovedAction => ({
  id: 'a1',
  name: 'Restart',
  description: '',
  template_command: {
    method: 'POST',
    url: 'https://ops.example.com:8443/svc/{{component}}/restart?why={{reason}}',
    headers: {},
    body: { component: '{{component}}', count: '{{count}}' },
  },
  tags: [],
  keywords: [],
  max_retries: 3,
  timeout_seconds: 300,
  required_parameters: { component: 'service' },
  optional_parameters: { reason: 'why', count: 'how many' },
  safety_constraints: {},
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A small seeded PRNG so a failure names a reproducible case. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const HOSTILE_PIECES = [
  '@',
  '/',
  ':',
  '#',
  '?',
  '%2F',
  '%40',
  '\\',
  '..',
  '.',
  'evil.com',
  '@evil.com:80',
  '//evil.com',
  '\r\n',
  '\u0000',
  'é',
  '日本',
  '\u202e',
  '[::1]',
  ' ',
  '%',
  '&a=b',
  'http://x',
  '\t',
];

function hostileString(random: () => number): string {
  const length = 1 + Math.floor(random() * 6);
  let out = '';
  for (let i = 0; i < length; i += 1)
    out += HOSTILE_PIECES[Math.floor(random() * HOSTILE_PIECES.length)] ?? '';
  return out;
}

describe('renderCommand', () => {
  it('renders parameters, context and typed JSON body', () => {
    const { real } = renderCommand(
      makeAction(),
      { component: 'checkout api', count: 3 },
      { incident_id: 7 },
      300,
    );
    expect(real.url).toBe('https://ops.example.com:8443/svc/checkout%20api/restart?why=');
    expect(JSON.parse(real.body ?? '')).toEqual({ component: 'checkout api', count: 3 });
    expect(real.headers['content-type']).toBe('application/json');
    expect(real.timeout_seconds).toBe(300);
  });

  it('property: no parameter value changes scheme, host or port (2,000 hostile cases)', () => {
    const random = prng(42);
    for (let i = 0; i < 2_000; i += 1) {
      const component = hostileString(random);
      const reason = hostileString(random);
      if (component.trim() === '') continue;
      const { real } = renderCommand(makeAction(), { component, reason }, {}, 300);
      const url = new URL(real.url);
      expect({ case: i, protocol: url.protocol, host: url.host }).toEqual({
        case: i,
        protocol: 'https:',
        host: 'ops.example.com:8443',
      });
      expect(url.hash).toBe('');
      for (const control of ['\r', '\n', '\t', String.fromCharCode(0)])
        expect(real.url.includes(control)).toBe(false);
    }
  });

  it('refuses placeholders in the scheme, host or port', () => {
    const action = makeAction({
      template_command: { method: 'GET', url: 'http://{{host}}/x', headers: {} },
    });
    expect(() => renderCommand(action, { component: 'a', host: 'evil.com' }, {}, 300)).toThrow(
      /scheme, host or port/,
    );
  });

  it('names every missing required parameter', () => {
    const action = makeAction({ required_parameters: { component: 'x', region: 'y' } });
    const error = (() => {
      try {
        renderCommand(action, { component: ' ' }, {}, 300);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('MISSING_PARAMETERS');
    expect((error as AppError).issues?.map((i) => i.path)).toEqual([
      'parameters.component',
      'parameters.region',
    ]);
  });

  it('refuses a header value with CR or LF', () => {
    const action = makeAction({
      template_command: {
        method: 'GET',
        url: 'https://ops.example.com/x',
        headers: { 'X-Reason': '{{reason}}' },
      },
    });
    expect(() =>
      renderCommand(action, { component: 'a', reason: 'ok\r\nX-Evil: 1' }, {}, 300),
    ).toThrow(/line break/);
  });

  it('masks secret headers and secret parameters wherever they appear', () => {
    const action = makeAction({
      template_command: {
        method: 'POST',
        url: 'https://ops.example.com/x?k={{api_token}}',
        headers: { Authorization: 'Bearer planted-secret-1', 'X-Echo': '{{api_token}}' },
        body: 'token={{api_token}}',
      },
      required_parameters: { component: 'x', api_token: { secret: true } },
    });
    const { real, masked } = renderCommand(
      action,
      { component: 'a', api_token: 'tok/en+value' },
      {},
      300,
    );
    expect(real.headers.Authorization).toBe('Bearer planted-secret-1');
    const text = JSON.stringify(masked);
    expect(text).not.toContain('planted-secret-1');
    expect(text).not.toContain('tok/en+value');
    expect(text).not.toContain(encodeURIComponent('tok/en+value'));
    expect(masked.headers.Authorization).toBe(MASK);
  });
});
