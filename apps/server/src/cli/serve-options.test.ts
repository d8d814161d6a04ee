import { describe, expect, it } from 'vitest';
import { parseServeOptions, UsageError } from './serve-options';

describe('serve options', () => {
  it('defaults to loopback, port 8080 and SQLite in ./data', () => {
    const options = parseServeOptions([], {});
    expect(options.host).toBe('127.0.0.1');
    expect(options.port).toBe(8080);
    expect(options.store.kind).toBe('sqlite');
    expect(options.demo).toBe(false);
    expect(options.apiToken).toBeNull();
  });

  it('takes environment variables, and flags over them', () => {
    const env = {
      VIGIL_HOST: '0.0.0.0',
      VIGIL_PORT: '9000',
      DATABASE_URL: 'postgres://x/y',
      VIGIL_API_TOKEN: 't',
    };
    const fromEnv = parseServeOptions([], env);
    expect(fromEnv).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      apiToken: 't',
      store: { kind: 'postgres', url: 'postgres://x/y' },
    });
    const fromFlags = parseServeOptions(['--host', '127.0.0.2', '--port', '0', '--demo'], env);
    expect(fromFlags).toMatchObject({ host: '127.0.0.2', port: 0, demo: true });
    expect(parseServeOptions(['--no-demo'], {}).demo).toBe(false);
  });

  it('takes the demo flags; a demo flag turns the demo on', () => {
    expect(parseServeOptions([], {})).toMatchObject({
      demo: false,
      demoSpeed: 1,
      demoFault: null,
      demoControlPort: 8089,
    });
    expect(
      parseServeOptions(
        ['--demo-speed', '10', '--demo-fault', 'disk-full', '--demo-control-port', '0'],
        {},
      ),
    ).toMatchObject({ demo: true, demoSpeed: 10, demoFault: 'disk-full', demoControlPort: 0 });
  });

  it.each([
    [['--demo-speed', '0'], '--demo-speed must be a number above 0'],
    [['--demo-speed', 'fast'], '--demo-speed must be a number above 0'],
    [['--demo-fault', 'meteor'], '--demo-fault must be one of db-pool-exhaustion'],
    [['--demo-control-port', '99999'], '--demo-control-port must be 0 to 65535'],
    [['--no-demo', '--demo-fault', 'disk-full'], '--no-demo cannot be combined'],
  ])('refuses demo flags %j with a message naming the problem', (argv, message) => {
    expect(() => parseServeOptions(argv, {})).toThrow(message);
  });

  it.each([[['--port', 'abc']], [['--port', '70000']], [['--bogus']], [['stray']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseServeOptions(argv, {})).toThrow(UsageError);
    },
  );
});
