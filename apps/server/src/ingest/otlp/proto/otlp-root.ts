import protobuf from 'protobufjs';
import type { Type } from 'protobufjs';
import { commonDescriptor } from './common-descriptor';
import { logsTraceDescriptor } from './logs-trace-descriptor';
import { metricsDescriptor } from './metrics-descriptor';
import { mergeNamespaces } from './descriptor-helpers';

/**
 * The OTLP message types, declared once from our descriptors and resolved eagerly at import so a
 * typo in a field type fails at boot (and in tests), not on the first request.
 */
export const otlpRoot: protobuf.Root = protobuf.Root.fromJSON(
  mergeNamespaces(commonDescriptor, logsTraceDescriptor, metricsDescriptor),
);
otlpRoot.resolveAll();

const type = (name: string): Type => otlpRoot.lookupType(name);

export const otlpTypes = {
  logsRequest: type('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest'),
  logsResponse: type('opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse'),
  tracesRequest: type('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
  tracesResponse: type('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
  metricsRequest: type('opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest'),
  metricsResponse: type('opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse'),
  status: type('google.rpc.Status'),
  anyValue: type('opentelemetry.proto.common.v1.AnyValue'),
} as const;
