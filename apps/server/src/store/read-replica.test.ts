import { describe, expect, it } from 'vitest';
import type { Repositories } from './repositories';
import { readRepositoriesOf, replicaApplicationName, replicaTarget } from './read-replica';

describe('replicaTarget', () => {
  it('keeps database, user, password and sslmode of a named server, with the replica host and port', () => {
    const primary = {
      connection: {
        host: 'db-primary',
        port: 5432,
        database: 'vigil',
        user: 'vigil',
        password: 's3cret',
        sslMode: 'verify-full' as const,
      },
    };
    expect(replicaTarget(primary, { host: 'db-replica', port: 6432 })).toEqual({
      connection: { ...primary.connection, host: 'db-replica', port: 6432 },
    });
  });

  it('swaps only host and port of a URL (credentials, database and parameters stay)', () => {
    const target = replicaTarget(
      { url: 'postgres://app:pw@db-primary:5432/vigil?sslmode=require' },
      { host: 'db-replica', port: 5433 },
    );
    expect(target).toEqual({ url: 'postgres://app:pw@db-replica:5433/vigil?sslmode=require' });
  });
});

describe('readRepositoriesOf', () => {
  it('carries only the list and count reads, never a write', () => {
    const method = (name: string) => () => Promise.resolve(name);
    const repository = (names: string[]) =>
      Object.fromEntries(names.map((name) => [name, method(name)]));
    const full = {
      anomalies: repository([
        'insert',
        'update',
        'get',
        'list',
        'listIncidentStacks',
        'countSince',
      ]),
      incidents: repository(['create', 'update', 'get', 'close', 'listOpen', 'countOpen']),
      audit: repository(['append', 'appendMany', 'get', 'list', 'stats', 'verifyChain']),
      executions: repository(['insert', 'update', 'list']),
    } as unknown as Repositories;
    const reads = readRepositoriesOf(full);
    expect(Object.keys(reads).sort()).toEqual(['anomalies', 'audit', 'incidents']);
    expect(Object.keys(reads.anomalies).sort()).toEqual([
      'countSince',
      'list',
      'listIncidentStacks',
    ]);
    expect(Object.keys(reads.incidents)).toEqual(['countOpen']);
    expect(Object.keys(reads.audit).sort()).toEqual(['list', 'stats']);
    expect(reads.audit.list).toBe(full.audit.list);
  });

  it('names the replica pool after the primary', () => {
    expect(replicaApplicationName('vigil')).toBe('vigil-replica');
  });
});
