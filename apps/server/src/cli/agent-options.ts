import { parseArgs } from 'node:util';
import { AGENT_IDS, type AgentId } from '@vigil/contract';
import type { BusChoice } from '../bus/create-pipeline-bus';
import type { StoreOptions } from '../store/create-store';
import { busChoiceFor, postgresStore } from './scale-out-options';
import { UsageError } from './serve-options';

export interface ParsedAgentOptions {
  agent: AgentId;
  host: string;
  port: number;
  store: StoreOptions;
  bus: BusChoice;
  apiToken: string | null;
}

const isAgentId = (name: string): name is AgentId =>
  (AGENT_IDS as readonly string[]).includes(name);

/** `vigil agent NAME [--nats-url URL] [--database-url URL] [--host H] [--port P]`; flags win over env. */
export function parseAgentOptions(argv: string[], env: NodeJS.ProcessEnv): ParsedAgentOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'database-url': { type: 'string' },
        'nats-url': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0)
    throw new UsageError(`name exactly one agent: ${AGENT_IDS.join(', ')}`);
  if (!isAgentId(name))
    throw new UsageError(`unknown agent '${name}'; agents: ${AGENT_IDS.join(', ')}`);
  const natsUrl = values['nats-url'] ?? env.NATS_URL ?? null;
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL ?? null;
  if (!natsUrl || !databaseUrl)
    throw new UsageError(
      'an agent process needs the shared bus and store: set --nats-url (NATS_URL) and --database-url (DATABASE_URL)',
    );
  const portText = values.port ?? '0';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535)
    throw new UsageError(`--port must be 0 to 65535, got '${portText}'`);
  const store = postgresStore({ url: databaseUrl }, env);
  return {
    agent: name,
    host: values.host ?? env.VIGIL_HOST ?? '127.0.0.1',
    port,
    store,
    bus: busChoiceFor(natsUrl, store, env),
    apiToken: env.VIGIL_API_TOKEN && env.VIGIL_API_TOKEN.length > 0 ? env.VIGIL_API_TOKEN : null,
  };
}
