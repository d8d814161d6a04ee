import type { ApprovedAction } from '@vigil/contract';

type SpecDefaults = Omit<
  ApprovedAction,
  'id' | 'name' | 'description' | 'template_command' | 'created_at' | 'updated_at'
>;

/**
 * What spec part 2 section 5 gives a new action that sets nothing else: written out here, apart
 * from the code under test, so the tests check that code against the spec (fresh objects per call).
 */
export function specDefaults(): SpecDefaults {
  return {
    tags: [],
    keywords: [],
    max_retries: 3,
    timeout_seconds: 300,
    required_parameters: {},
    optional_parameters: {},
    safety_constraints: {},
    is_active: true,
  };
}

let sequence = 0;

/** A small approved-action factory for the pure tests. */
export function anAction(overrides: Partial<ApprovedAction> = {}): ApprovedAction {
  sequence += 1;
  return {
    id: `action-${sequence}`,
    name: 'Action',
    description: '',
    template_command: { method: 'POST', url: 'https://x.test', headers: {} },
    ...specDefaults(),
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
