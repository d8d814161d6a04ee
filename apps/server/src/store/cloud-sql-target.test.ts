import { describe, expect, it } from 'vitest';
import {
  CloudSqlSettingError,
  cloudSqlTargetFrom,
  connectionNameProblem,
} from './cloud-sql-target';

describe('connectionNameProblem', () => {
  it.each(['acme-prod:europe-west1:vigil-db', 'example.com:acme-prod:us-central1:db1'])(
    'accepts %s',
    (name) => {
      expect(connectionNameProblem(name)).toBeNull();
    },
  );

  it.each([
    'vigil-db',
    'acme-prod:vigil-db',
    'acme-prod:europe-west1:vigil-db:extra',
    'Acme-Prod:europe-west1:vigil-db',
    'acme prod:europe-west1:vigil-db',
    'acme-prod::vigil-db',
  ])('refuses %s, naming the setting and the expected form', (name) => {
    expect(connectionNameProblem(name)).toBe(
      `postgres.connection_name '${name}' is not a Cloud SQL instance connection name: expected project:region:instance (e.g. my-project:europe-west1:vigil-db)`,
    );
  });
});

describe('cloudSqlTargetFrom', () => {
  it('is null without a connection name: host and port are used', () => {
    expect(cloudSqlTargetFrom({ connectionName: '  ', credentialsPath: '/k.json' })).toBeNull();
  });

  it('trims the values and keeps an admin endpoint only when given', () => {
    expect(
      cloudSqlTargetFrom({
        connectionName: ' acme-prod:europe-west1:vigil-db ',
        credentialsPath: ' /secrets/sa.json ',
        adminEndpoint: '',
      }),
    ).toEqual({
      connectionName: 'acme-prod:europe-west1:vigil-db',
      credentialsPath: '/secrets/sa.json',
    });
    expect(
      cloudSqlTargetFrom({
        connectionName: 'acme-prod:europe-west1:vigil-db',
        credentialsPath: '',
        adminEndpoint: 'http://127.0.0.1:9099/',
      }),
    ).toEqual({
      connectionName: 'acme-prod:europe-west1:vigil-db',
      credentialsPath: '',
      adminEndpoint: 'http://127.0.0.1:9099/',
    });
  });

  it('throws a CloudSqlSettingError for a malformed name or endpoint', () => {
    expect(() => cloudSqlTargetFrom({ connectionName: 'vigil-db', credentialsPath: '' })).toThrow(
      CloudSqlSettingError,
    );
    expect(() =>
      cloudSqlTargetFrom({
        connectionName: 'acme-prod:europe-west1:vigil-db',
        credentialsPath: '',
        adminEndpoint: 'ftp://x',
      }),
    ).toThrow("VIGIL_CLOUDSQL_ADMIN_ENDPOINT must be an http(s) URL, got 'ftp://x'");
  });
});
