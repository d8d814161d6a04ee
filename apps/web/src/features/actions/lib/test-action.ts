import type { ApprovedAction } from '@vigil/contract';

let sequence = 0;

/** A small approved-action factory for the pure tests. */
export function anAction(overrides: Partial<ApprovedAction> = {}): ApprovedAction {
  sequence += 1;
  return {
    id: `action-${sequence}`,
    name: 'Action',
    description: '',
    template_command: { method: 'POST', url: 'https://x.test', headers: {} },
    tags: [],
    keywords: [],
    max_retries: 3,
    timeout_seconds: 300,
    required_parameters: {},
    optional_parameters: {},
    safety_constraints: {},
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
