import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, SaveResult } from '@vigil/contract';
import { defaultConfigValues } from '../config/defaults';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  BOOT_SETTINGS_FILE,
  adoptBootSettings,
  BootSettingsError,
  bootSettingsPath,
  readBootSettings,
  writeBootSettings,
} from './boot-settings';

const Saved = envelope(SaveResult);

describe('boot settings file', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const tempDir = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-boot-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const mode = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

  it('writes only the boot values, private (0600), replacing the old file with no temp left', async () => {
    const dir = await tempDir();
    await writeFile(bootSettingsPath(dir), '{"server.port": 1111}', { mode: 0o644 });
    await writeBootSettings(dir, {
      ...defaultConfigValues(),
      'server.port': 9090,
      'postgres.password': 's3cret',
      'agents.orchestrator.burst_threshold': 9,
    });
    expect(await readdir(dir)).toEqual([BOOT_SETTINGS_FILE]);
    expect(await mode(bootSettingsPath(dir))).toBe(0o600);
    const written = JSON.parse(await readFile(bootSettingsPath(dir), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(written['server.port']).toBe(9090);
    expect(written['postgres.password']).toBe('s3cret');
    expect(written['database.engine']).toBe('sqlite');
    expect(written).not.toHaveProperty('agents.orchestrator.burst_threshold');
    // The read replica and the Cloud SQL instance are read at boot.
    expect(written['postgres.read_replica.enabled']).toBe(false);
    expect(written['postgres.connection_name']).toBe('');
    expect(readBootSettings(dir)).toEqual(written);
  });

  it('reads no file as no values, and ignores keys that are not boot settings', async () => {
    const dir = await tempDir();
    expect(readBootSettings(dir)).toEqual({});
    await writeFile(
      bootSettingsPath(dir),
      JSON.stringify({ 'server.host': '127.0.0.2', 'otel.timeout_seconds': 5, 'no.such': 1 }),
    );
    expect(readBootSettings(dir)).toEqual({ 'server.host': '127.0.0.2' });
  });

  it('refuses a broken file with a message naming the file and every bad key', async () => {
    const dir = await tempDir();
    await writeFile(bootSettingsPath(dir), '{"server.port": ');
    expect(() => readBootSettings(dir)).toThrow(BootSettingsError);
    expect(() => readBootSettings(dir)).toThrow(/boot-settings\.json is not valid JSON/);
    await writeFile(bootSettingsPath(dir), '[1]');
    expect(() => readBootSettings(dir)).toThrow('must hold a JSON object');
    await writeFile(
      bootSettingsPath(dir),
      JSON.stringify({ 'server.port': 80, 'database.engine': 'mysql' }),
    );
    expect(() => readBootSettings(dir)).toThrow(
      /server\.port: Port must be between 1024 and 65535; database\.engine: Expected one of/,
    );
  });

  describe('written by the settings API', () => {
    const start = async (bootSettingsDir: string): Promise<TestApp> => {
      const app = await createTestApp({ bootSettingsDir });
      cleanup.push(() => app.dispose());
      return app;
    };
    const put = async (app: TestApp, changes: Record<string, unknown>) => {
      const response = await app.http.inject({
        method: 'PUT',
        url: '/api/settings/global',
        payload: changes,
      });
      expect(response.statusCode).toBe(200);
      return Saved.parse(response.json()).data;
    };

    it('on a save of a boot setting, not on a save of live settings only', async () => {
      const dir = await tempDir();
      const app = await start(dir);
      await put(app, { 'otel.timeout_seconds': 9, 'network.default_host': 'vigil.internal' });
      expect(existsSync(bootSettingsPath(dir))).toBe(false);

      const saved = await put(app, { 'server.log_level': 'DEBUG', 'postgres.password': 'pw-7' });
      expect(saved.restart_required).toEqual(['server.log_level']);
      expect(await mode(bootSettingsPath(dir))).toBe(0o600);
      expect(readBootSettings(dir)).toMatchObject({
        'server.log_level': 'DEBUG',
        'postgres.password': 'pw-7',
        'server.port': 8080,
      });

      // A later live-only save leaves the file as it was.
      const before = await readFile(bootSettingsPath(dir), 'utf8');
      await put(app, { 'otel.timeout_seconds': 11 });
      expect(await readFile(bootSettingsPath(dir), 'utf8')).toBe(before);
    });

    it('keeps the save and answers a warning when the file cannot be written', async () => {
      const parent = await tempDir();
      // A file where the data dir should be: mkdir fails.
      const blocked = join(parent, 'not-a-dir');
      await writeFile(blocked, '');
      const app = await start(blocked);
      const saved = await put(app, { 'server.port': 9091 });
      expect(app.config.values()['server.port']).toBe(9091);
      expect(saved.warnings).toEqual([
        {
          path: 'server.port',
          message: expect.stringContaining(
            'Saved, but boot-settings.json could not be written',
          ) as string,
        },
      ]);
    });

    it('carries the boot file a start read into the store, once, with an audit entry', async () => {
      const app = await start(await tempDir());
      const file = {
        'database.engine': 'postgres',
        'server.log_level': 'ERROR',
        'server.port': 8080,
      };
      expect(await adoptBootSettings(app.config, file)).toEqual([
        'database.engine',
        'server.log_level',
      ]);
      expect(app.config.values()).toMatchObject({
        'database.engine': 'postgres',
        'server.log_level': 'ERROR',
      });
      const trail = await app.store.audit.list({ page: 1, pageSize: 10 });
      expect(JSON.stringify(trail)).toContain('boot-settings');
      expect(await adoptBootSettings(app.config, file)).toEqual([]);
    });
  });
});
