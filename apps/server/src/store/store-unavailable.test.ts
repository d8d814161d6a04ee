import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { guardRepositories, isStoreUnavailable } from './store-unavailable';

const withCode = (code: string, message = 'failed'): Error =>
  Object.assign(new Error(message), { code });

describe('store outages', () => {
  it.each([
    ['SQLite disk full', withCode('SQLITE_FULL', 'database or disk is full')],
    ['SQLite I/O error', withCode('SQLITE_IOERR_WRITE')],
    ['PostgreSQL refused', withCode('ECONNREFUSED')],
    ['PostgreSQL disk full', withCode('53100')],
    ['PostgreSQL shutting down', withCode('57P01')],
    ['pool lost its server', new Error('Connection terminated unexpectedly')],
  ])('treats %s as unavailable', (_name, error) => {
    expect(isStoreUnavailable(error)).toBe(true);
  });

  it.each([
    ['a constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('bad input')],
  ])('leaves %s alone', (_name, error) => {
    expect(isStoreUnavailable(error)).toBe(false);
  });

  it('turns an outage inside a repository into a retryable 503 with Retry-After', async () => {
    const repositories = guardRepositories({
      things: {
        fail: async () => {
          throw withCode('SQLITE_FULL');
        },
        broken: async () => {
          throw new Error('a bug');
        },
      },
    });
    const outage = await repositories.things.fail().catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(AppError);
    expect(outage).toMatchObject({ status: 503, code: 'STORE_UNAVAILABLE', retryable: true });
    expect((outage as AppError).headers).toEqual({ 'retry-after': '5' });
    await expect(repositories.things.broken()).rejects.toThrow('a bug');
  });
});
