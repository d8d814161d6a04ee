import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { WEB_DIST_INDEX } from './paths';
import { seedThroughOtlp } from './otlp-seed';
import { startVigilServer } from './vigil-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the `vigil serve` every e2e file talks to. */
    vigilUrl: string;
    /** What the OTLP seed sent (the failing service and every service name). */
    seed: { failingService: string; services: string[] };
  }
}

/** One real server for the whole run (files run one after another), stopped with SIGTERM at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      `The console is not built (${WEB_DIST_INDEX}). Run: npm run build (npm run test:e2e does it).`,
    );
  }
  const server = await startVigilServer();
  project.provide('vigilUrl', server.url);
  try {
    project.provide('seed', await seedThroughOtlp(server.url));
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`, {
      cause: error,
    });
  }
  return () => server.stop();
}
