import { SECRET_MARKER } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { evaluateForm } from './config-form';
import { testFieldMeta } from './test-field-meta';
import {
  checkFromResult,
  serverCheckUnavailable,
  validationTargets,
  valueKey,
  withServerChecks,
  type ServerChecks,
} from './live-validation';

const meta = testFieldMeta;

const timeout = meta('agents.executor.default_timeout', { min: 30, max: 3600 });
const sender = meta('collaborator.email_service.sender_email', { kind: 'string', required: false });
const password = meta('collaborator.email_service.smtp_password', {
  kind: 'string',
  secret: true,
  required: false,
});
const fields = [timeout, sender, password];
const saved = {
  'agents.executor.default_timeout': 120,
  'collaborator.email_service.sender_email': 'ops@example.com',
  'collaborator.email_service.smtp_password': SECRET_MARKER,
};
const form = (inputs: Record<string, string>) => evaluateForm(fields, saved, inputs);

describe('validationTargets', () => {
  it('sends only edited values that parse, pass the client checks and are not secrets', () => {
    const state = form({
      'agents.executor.default_timeout': '900',
      'collaborator.email_service.sender_email': 'not-an-email',
      'collaborator.email_service.smtp_password': 'typed-secret',
    });
    expect(validationTargets(fields, state, {})).toEqual([
      { path: timeout.path, value: 900, key: '900' },
      { path: sender.path, value: 'not-an-email', key: '"not-an-email"' },
    ]);
    // A value the client already rejects, and an unchanged one, stay home.
    expect(validationTargets(fields, form({ 'agents.executor.default_timeout': '0' }), {})).toEqual(
      [],
    );
    expect(
      validationTargets(fields, form({ 'agents.executor.default_timeout': '120' }), {}),
    ).toEqual([]);
  });

  it('skips a value the server has already checked, but not an older one of the same field', () => {
    const state = form({ 'agents.executor.default_timeout': '900' });
    expect(validationTargets(fields, state, { [timeout.path]: { key: valueKey(900) } })).toEqual(
      [],
    );
    expect(
      validationTargets(fields, state, { [timeout.path]: { key: valueKey(90) } }),
    ).toHaveLength(1);
  });
});

describe('checkFromResult', () => {
  it('keeps the first error and warning of the path with the value they speak of', () => {
    expect(
      checkFromResult('a.b', '"x"', {
        valid: false,
        errors: [{ path: 'a.b', message: 'Expected an email address' }],
        warnings: [],
      }),
    ).toEqual({ key: '"x"', error: 'Expected an email address' });
    expect(
      checkFromResult('a.timeout', '900', {
        valid: true,
        errors: [],
        warnings: [{ path: 'a.timeout', message: 'Timeout value is very high (>300 seconds)' }],
      }),
    ).toEqual({ key: '900', warning: 'Timeout value is very high (>300 seconds)' });
    expect(checkFromResult('a.b', '1', { valid: true, errors: [], warnings: [] })).toEqual({
      key: '1',
    });
  });
});

describe('withServerChecks', () => {
  it('adds the server’s error to the field and the summary, and then the form cannot save', () => {
    const state = form({ 'collaborator.email_service.sender_email': 'not-an-email' });
    expect(state.canSave).toBe(true);
    const checks: ServerChecks = {
      [sender.path]: { key: valueKey('not-an-email'), error: 'Expected an email address' },
    };
    const merged = withServerChecks(state, fields, checks);
    expect(merged.fields[sender.path]?.error).toBe('Expected an email address');
    expect(merged.errors).toEqual([
      { path: sender.path, label: sender.path, message: 'Expected an email address' },
    ]);
    expect(merged.canSave).toBe(false);
    expect(merged.changes).toEqual(state.changes);
  });

  it('shows the server’s warning once, even when the client says the same', () => {
    const high = 'Timeout value is very high (>300 seconds)';
    const state = form({ 'agents.executor.default_timeout': '900' });
    expect(state.warnings.map((issue) => issue.message)).toEqual([high]);
    const merged = withServerChecks(state, fields, {
      [timeout.path]: { key: valueKey(900), warning: high },
    });
    expect(merged.warnings).toEqual([{ path: timeout.path, label: timeout.path, message: high }]);
    expect(merged.canSave).toBe(true);
  });

  it('shows a server-only warning in the field and the summary without blocking the save', () => {
    const state = form({ 'collaborator.email_service.sender_email': 'ops@example.org' });
    const merged = withServerChecks(state, fields, {
      [sender.path]: { key: valueKey('ops@example.org'), warning: 'Domain not on the allow list' },
    });
    expect(merged.fields[sender.path]?.warning).toBe('Domain not on the allow list');
    expect(merged.warnings.map((issue) => issue.message)).toEqual(['Domain not on the allow list']);
    expect(merged.canSave).toBe(true);
  });

  it('lets the client’s error stand first', () => {
    const state = form({ 'agents.executor.default_timeout': '0' });
    const merged = withServerChecks(state, fields, {
      [timeout.path]: { key: valueKey(0), error: 'Must be between 30 and 3600' },
    });
    expect(merged.errors.map((issue) => issue.message)).toEqual(['Timeout must be positive']);
  });

  it('ignores what the server said of an older value, or of a field no longer edited', () => {
    const checks: ServerChecks = {
      [sender.path]: { key: valueKey('old'), error: 'Expected an email address' },
    };
    const edited = form({ 'collaborator.email_service.sender_email': 'new@example.com' });
    expect(withServerChecks(edited, fields, checks).errors).toEqual([]);
    const reverted = form({});
    const sameAsSaved: ServerChecks = {
      [sender.path]: { key: valueKey('ops@example.com'), error: 'Expected an email address' },
    };
    expect(withServerChecks(reverted, fields, sameAsSaved).errors).toEqual([]);
  });
});

describe('serverCheckUnavailable', () => {
  it('is true only while a value whose check failed is still in the form', () => {
    const checks: ServerChecks = { [timeout.path]: { key: valueKey(900), unavailable: true } };
    expect(serverCheckUnavailable(form({ 'agents.executor.default_timeout': '900' }), checks)).toBe(
      true,
    );
    expect(serverCheckUnavailable(form({ 'agents.executor.default_timeout': '901' }), checks)).toBe(
      false,
    );
    expect(serverCheckUnavailable(form({}), checks)).toBe(false);
  });
});
