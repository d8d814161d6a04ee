export type OtlpSignal = 'logs' | 'traces' | 'metrics';

export interface OtlpSender {
  /** POSTs one OTLP/HTTP JSON body; throws with the server's answer when it is not a 200. */
  send(signal: OtlpSignal, body: object): Promise<void>;
}

export class OtlpSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The demo's exporter: plain OTLP/HTTP JSON to `<baseUrl>/v1/<signal>`, as an SDK exporter sends it. */
export function createOtlpSender(baseUrl: string, token: string | null): OtlpSender {
  return {
    async send(signal, body) {
      const url = new URL(`/v1/${signal}`, baseUrl);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      } catch (error) {
        throw new OtlpSendError(`cannot reach ${url.origin}: ${String(error)}`, null);
      }
      if (response.status !== 200) {
        const text = await response.text();
        throw new OtlpSendError(
          `POST ${url.pathname} answered ${response.status}: ${text.slice(0, 200)}`,
          response.status,
        );
      }
      await response.arrayBuffer();
    },
  };
}
