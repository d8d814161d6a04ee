import { SECRET_MARKER } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { evaluateForm, inputFromValue, serverFieldErrors } from './config-form';
import { testFieldMeta } from './test-field-meta';

const meta = testFieldMeta;

const port = meta('server.port', { min: 1024, max: 65535 });
const debug = meta('server.debug', { kind: 'boolean', required: false });
const hosts = meta('safety_validation.host_allowlist', { kind: 'string_list', required: false });
const password = meta('collaborator.email_service.smtp_password', {
  kind: 'string',
  secret: true,
  required: false,
});
const recipients = meta('collaborator.email_service.recipients', {
  kind: 'string_list',
  required: false,
});
const fields = [port, debug, hosts, password];
const saved = {
  'server.port': 8080,
  'server.debug': false,
  'safety_validation.host_allowlist': ['127.0.0.1'],
  'collaborator.email_service.smtp_password': SECRET_MARKER,
};

describe('evaluateForm', () => {
  it('is clean and cannot save before anything is typed', () => {
    const form = evaluateForm(fields, saved, {});
    expect(form).toMatchObject({ dirty: false, canSave: false, changes: {}, errors: [] });
    expect(form.fields['server.port']).toMatchObject({ input: '8080', modified: false });
  });

  it('marks an edited field Modified and sends only it', () => {
    const form = evaluateForm(fields, saved, { 'server.port': '9090', 'server.debug': false });
    expect(form.fields['server.port']?.modified).toBe(true);
    expect(form.fields['server.debug']?.modified).toBe(false);
    expect(form).toMatchObject({ dirty: true, canSave: true, changes: { 'server.port': 9090 } });
  });

  it('blocks the save with the spec message and lists it in the summary', () => {
    const form = evaluateForm(fields, saved, { 'server.port': '80' });
    expect(form.canSave).toBe(false);
    expect(form.errors).toEqual([
      { path: 'server.port', label: 'server.port', message: 'Port must be between 1024 and 65535' },
    ]);
  });

  it('says a blank number box is not a number', () => {
    const form = evaluateForm(fields, saved, { 'server.port': ' ' });
    expect(form.fields['server.port']).toMatchObject({
      error: 'Expected an integer',
      modified: true,
    });
    expect(form.canSave).toBe(false);
  });

  it('reads list fields one item per line, blanks dropped', () => {
    const form = evaluateForm(fields, saved, {
      'safety_validation.host_allowlist': '127.0.0.1\n\n  payments.internal:8443 \n',
    });
    expect(form.changes).toEqual({
      'safety_validation.host_allowlist': ['127.0.0.1', 'payments.internal:8443'],
    });
  });

  it('reads recipients comma-separated when told so', () => {
    const form = evaluateForm(
      [recipients],
      { 'collaborator.email_service.recipients': [] },
      { 'collaborator.email_service.recipients': 'a@x.io, b@x.io,' },
      {},
      { listStyle: () => 'comma' },
    );
    expect(form.changes).toEqual({ 'collaborator.email_service.recipients': ['a@x.io', 'b@x.io'] });
  });

  it('keeps a set secret untouched until something is typed, and never shows it', () => {
    expect(inputFromValue(password, SECRET_MARKER)).toBe('');
    const untouched = evaluateForm(fields, saved, {
      'collaborator.email_service.smtp_password': '',
    });
    expect(untouched.dirty).toBe(false);
    const typed = evaluateForm(fields, saved, {
      'collaborator.email_service.smtp_password': 'n3w-pass',
    });
    expect(typed.changes).toEqual({ 'collaborator.email_service.smtp_password': 'n3w-pass' });
  });

  it('shows the server’s message on a field until the field has a client error', () => {
    const form = evaluateForm(
      fields,
      saved,
      { 'server.port': '9090' },
      {
        'server.port': 'Port 9090 is taken',
      },
    );
    expect(form.fields['server.port']?.error).toBe('Port 9090 is taken');
    expect(form.canSave).toBe(false);
  });

  it('carries warnings without blocking the save', () => {
    const timeout = meta('otel.timeout_seconds', { min: 1, max: 3600 });
    const form = evaluateForm(
      [timeout],
      { 'otel.timeout_seconds': 2 },
      {
        'otel.timeout_seconds': '600',
      },
    );
    expect(form.warnings).toEqual([
      {
        path: 'otel.timeout_seconds',
        label: 'otel.timeout_seconds',
        message: 'Timeout value is very high (>300 seconds)',
      },
    ]);
    expect(form.canSave).toBe(true);
  });
});

describe('serverFieldErrors', () => {
  it('reads the errors list of a 400 body, first message per path', () => {
    expect(
      serverFieldErrors({
        success: false,
        errors: [
          { path: 'server.port', message: 'Port must be between 1024 and 65535' },
          { path: 'server.port', message: 'second' },
          { path: 'x', message: 3 },
        ],
      }),
    ).toEqual({ 'server.port': 'Port must be between 1024 and 65535' });
  });

  it('answers nothing for bodies without a list', () => {
    expect(serverFieldErrors(null)).toEqual({});
    expect(serverFieldErrors('oops')).toEqual({});
    expect(serverFieldErrors({ errors: 'no' })).toEqual({});
  });
});
