import type { Consumer, JsMsg } from '@nats-io/jetstream';

export interface PumpOptions {
  consumer: Consumer;
  /** Read before every pull, like the two below: the bus settings apply live. */
  fetchBatch: () => number;
  /** Longest one pull request waits for messages. */
  fetchExpiresMs: () => number;
  /** Runs before every pull (brings the consumer's own settings up to date). */
  beforeFetch: () => Promise<void>;
  /** Handles one decoded message; the message is acknowledged only after this resolves. */
  handle: (message: JsMsg) => Promise<void>;
  onHandlerError: (error: unknown) => void;
  onError: (error: unknown) => void;
  /** How long `stop` waits for a handler in progress; past it the message is left to redelivery. */
  stopGraceMs: () => number;
}

export interface Pump {
  /** Stops after the message in hand; fetched messages not yet handled are handed back at once. */
  stop(): Promise<void>;
}

const NAK_DELAY_MS = 1_000;

/** Pulls one consumer and handles its messages one at a time, in order. */
export function startPump(options: PumpOptions): Pump {
  let stopped = false;
  let current: { stop(): void } | null = null;

  const loop = async (): Promise<void> => {
    while (!stopped) {
      try {
        await options.beforeFetch();
        const batch = await options.consumer.fetch({
          max_messages: options.fetchBatch(),
          expires: options.fetchExpiresMs(),
        });
        current = batch;
        for await (const message of batch) {
          if (stopped) {
            message.nak();
            continue;
          }
          try {
            await options.handle(message);
            message.ack();
          } catch (error) {
            options.onHandlerError(error);
            message.nak(NAK_DELAY_MS);
          }
        }
      } catch (error) {
        if (stopped) break;
        options.onError(error);
        await new Promise((resolve) => setTimeout(resolve, NAK_DELAY_MS));
      } finally {
        current = null;
      }
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      current?.stop();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.stopGraceMs());
      });
      await Promise.race([running, grace]);
      clearTimeout(timer);
    },
  };
}
