import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Bus, Topic } from '../../bus/bus';
import type { RecordBatch } from '../../bus/record-batch';
import { readBoundedBody } from '../../ingest/otlp/body-reader';
import { otlpEncodingFor } from '../../ingest/otlp/content-type';
import { decodeOtlp, type OtlpEncoding, type OtlpSignal } from '../../ingest/otlp/decode-otlp';
import {
  encodeExportResponse,
  encodeStatus,
  RpcCode,
  type EncodedBody,
} from '../../ingest/otlp/encode-response';
import type { MetricsRegistry } from '../metrics-registry';

export interface OtlpRouteDeps {
  bus: Bus;
  metrics: MetricsRegistry;
  now: () => number;
  /** Largest body accepted, counted after decompression. */
  maxBodyBytes: () => number;
  /** Records waiting in the pipeline past which ingest answers 429. */
  maxQueuedRecords: () => number;
  /** Requests being read and decoded at once past which ingest answers 429 (default 64). */
  maxConcurrentRequests?: () => number;
}

const SIGNALS: OtlpSignal[] = ['logs', 'traces', 'metrics'];
const TOPIC = {
  logs: 'records.logs',
  traces: 'records.spans',
  metrics: 'records.metrics',
} as const satisfies Record<OtlpSignal, Topic>;
const RETRY_AFTER_SECONDS = 1;
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, status: number, encoded: EncodedBody): FastifyReply {
  return reply.status(status).type(encoded.contentType).send(encoded.body);
}

/** OTLP/HTTP per the spec: answers are Export*ServiceResponse or google.rpc.Status bodies, never the /api envelope. */
export async function registerOtlpRoutes(app: FastifyInstance, deps: OtlpRouteDeps): Promise<void> {
  const accepted = deps.metrics.counter(
    'vigil_ingest_records_total',
    'Records accepted by OTLP ingest, by signal',
  );
  const rejected = deps.metrics.counter(
    'vigil_ingest_rejected_total',
    'Records or requests refused by OTLP ingest, by reason',
  );
  for (const signal of SIGNALS) {
    deps.metrics.gauge(
      `vigil_queue_depth_${signal}`,
      `Records waiting in the ${signal} pipeline`,
      () => deps.bus.depth(TOPIC[signal]),
    );
  }

  await app.register(async (scope) => {
    // The body is read here, bounded while inflating, so no parser may buffer it first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    shedBeyondConcurrency(scope, deps.maxConcurrentRequests ?? (() => 64), () =>
      rejected({ reason: 'concurrency' }),
    );

    for (const signal of SIGNALS) {
      scope.post(`/v1/${signal}`, async (request, reply) => {
        const type = otlpEncodingFor(request.headers['content-type']);
        if (!type.ok) {
          rejected({ signal, reason: 'media_type' });
          return send(reply, 415, encodeStatus('json', RpcCode.INVALID_ARGUMENT, type.message));
        }
        const encoding: OtlpEncoding = type.encoding;
        const topic = TOPIC[signal];
        if (deps.bus.depth(topic) >= deps.maxQueuedRecords()) {
          rejected({ signal, reason: 'backpressure' });
          void reply
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .header('connection', 'close');
          return send(
            reply,
            429,
            encodeStatus(encoding, RpcCode.RESOURCE_EXHAUSTED, 'Ingest queue is full; retry later'),
          );
        }
        const source = Buffer.isBuffer(request.body) ? request.body : request.raw;
        const read = await readBoundedBody(source, {
          encoding: request.headers['content-encoding'],
          maxBytes: deps.maxBodyBytes(),
        });
        if (!read.ok) {
          rejected({ signal, reason: `status_${read.status}` });
          if (read.status === 413) void reply.header('connection', 'close');
          return send(
            reply,
            read.status,
            encodeStatus(encoding, RpcCode.INVALID_ARGUMENT, read.message),
          );
        }
        const decoded = decodeOtlp(signal, read.body, encoding, { now: deps.now });
        if (!decoded.ok) {
          rejected({ signal, reason: 'undecodable' });
          return send(
            reply,
            400,
            encodeStatus(encoding, RpcCode.INVALID_ARGUMENT, decoded.message),
          );
        }
        if (decoded.records.length > 0) {
          const batch: RecordBatch<unknown> = { records: decoded.records, receivedAt: deps.now() };
          try {
            // Resolves once the batch is durable (journal commit or JetStream ack): only then 200.
            await deps.bus.publish(topic, batch, decoded.records.length);
          } catch (error) {
            rejected({ signal, reason: 'unavailable' });
            request.log.error({ err: error }, 'ingest could not store a batch');
            void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
            return send(
              reply,
              503,
              encodeStatus(
                encoding,
                RpcCode.UNAVAILABLE,
                'Ingest storage is unavailable; retry later',
              ),
            );
          }
          accepted({ signal }, decoded.records.length);
        }
        if (decoded.rejected > 0) rejected({ signal, reason: 'invalid_record' }, decoded.rejected);
        return send(
          reply,
          200,
          encodeExportResponse(signal, encoding, {
            rejected: decoded.rejected,
            message: decoded.rejectionMessage,
          }),
        );
      });
    }
  });
}

/**
 * Capacity in requests: when the server reads and decodes more requests at once than it can
 * finish, the backlog is in sockets and the event loop, not yet on the bus, so the queue bound
 * never sees it. Beyond the limit a request is refused at once with 429 before its body is read.
 */
function shedBeyondConcurrency(
  scope: FastifyInstance,
  limit: () => number,
  onShed: () => void,
): void {
  let inFlight = 0;
  const counted = new WeakSet<object>();
  const release = async (request: { raw: object }): Promise<void> => {
    if (counted.delete(request.raw)) inFlight -= 1;
  };
  scope.addHook('onRequest', async (request, reply) => {
    if (inFlight >= limit()) {
      onShed();
      const type = otlpEncodingFor(request.headers['content-type']);
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close');
      return send(
        reply,
        429,
        encodeStatus(
          type.ok ? type.encoding : 'json',
          RpcCode.RESOURCE_EXHAUSTED,
          'Ingest is at capacity; retry later',
        ),
      );
    }
    inFlight += 1;
    counted.add(request.raw);
    return undefined;
  });
  scope.addHook('onResponse', release);
  scope.addHook('onRequestAbort', release);
}
