import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

/** Deletes every stream whose name starts with the prefix (test runs clean up after themselves). */
export async function deleteNatsStreams(url: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const wanted = `${prefix}_`.toUpperCase();
    for await (const name of jsm.streams.names())
      if (name.startsWith(wanted)) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
}
