import { describe, expect, it } from 'vitest';
import { applyChanges } from './apply-changes';
import { defaultConfigValues } from './defaults';
import { CONFIG_FIELDS } from './schema';
import { maskSecrets, SECRET_MARKER } from './secrets';
import type { ConfigValues } from './types';
import { toSystemConfig } from './system-config';

describe('secrets', () => {
  it('declares passwords and credentials as secret', () => {
    const secrets = CONFIG_FIELDS.filter((f) => f.secret).map((f) => f.path);
    expect(secrets).toEqual(
      expect.arrayContaining([
        'collaborator.email_service.smtp_password',
        'rca.gemini.credentials_path',
        'bigquery.credentials_path',
        'postgres.password',
      ]),
    );
  });

  it('masks set secrets and leaves empty ones empty', () => {
    const values: ConfigValues = { ...defaultConfigValues(), 'postgres.password': 'hunter2' };
    const masked = maskSecrets(values);
    expect(masked['postgres.password']).toBe(SECRET_MARKER);
    expect(masked['collaborator.email_service.smtp_password']).toBe('');
    expect(masked['server.port']).toBe(8080);
    expect(values['postgres.password']).toBe('hunter2');
  });

  it('never returns a secret in the system config view', () => {
    const values = {
      ...defaultConfigValues(),
      'collaborator.email_service.smtp_password': 's3cret',
    };
    expect(JSON.stringify(toSystemConfig(values))).not.toContain('s3cret');
  });

  it('keeps the stored secret when the marker is sent back', () => {
    const current = { ...defaultConfigValues(), 'postgres.password': 'hunter2' };
    const result = applyChanges(current, {
      'postgres.password': SECRET_MARKER,
      'postgres.user': 'ops',
    });
    expect(result.errors).toEqual([]);
    expect(result.next['postgres.password']).toBe('hunter2');
    expect(result.changed).toEqual(['postgres.user']);
  });

  it('replaces the secret when a new value is sent', () => {
    const current = { ...defaultConfigValues(), 'postgres.password': 'hunter2' };
    const result = applyChanges(current, { 'postgres.password': 'correct horse' });
    expect(result.next['postgres.password']).toBe('correct horse');
  });

  it('treats the marker as a plain value on non-secret fields', () => {
    const result = applyChanges(defaultConfigValues(), { 'rca.gemini.model': SECRET_MARKER });
    expect(result.next['rca.gemini.model']).toBe(SECRET_MARKER);
  });
});
