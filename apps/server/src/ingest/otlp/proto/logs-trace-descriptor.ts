import type { INamespace } from 'protobufjs';
import { enumOf, field, inPackage, mergeNamespaces, message, repeated } from './descriptor-helpers';
import { COMMON_PACKAGE, RESOURCE_PACKAGE } from './common-descriptor';

/** opentelemetry-proto v1 `logs/v1/logs.proto`, `trace/v1/trace.proto` and their collector services. */
const KEY_VALUE = `${COMMON_PACKAGE}.KeyValue`;
const ANY_VALUE = `${COMMON_PACKAGE}.AnyValue`;
const SCOPE = `${COMMON_PACKAGE}.InstrumentationScope`;
const RESOURCE = `${RESOURCE_PACKAGE}.Resource`;

const severityNames = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'];
const severityValues: Record<string, number> = { SEVERITY_NUMBER_UNSPECIFIED: 0 };
severityNames.forEach((name, i) => {
  for (let step = 0; step < 4; step += 1) {
    severityValues[`SEVERITY_NUMBER_${name}${step === 0 ? '' : String(step + 1)}`] =
      i * 4 + step + 1;
  }
});

const logs = inPackage('opentelemetry.proto.logs.v1', {
  SeverityNumber: enumOf(severityValues),
  LogsData: message({ resourceLogs: repeated('ResourceLogs', 1) }),
  ResourceLogs: message({
    resource: field(RESOURCE, 1),
    scopeLogs: repeated('ScopeLogs', 2),
    schemaUrl: field('string', 3),
  }),
  ScopeLogs: message({
    scope: field(SCOPE, 1),
    logRecords: repeated('LogRecord', 2),
    schemaUrl: field('string', 3),
  }),
  LogRecord: message({
    timeUnixNano: field('fixed64', 1),
    observedTimeUnixNano: field('fixed64', 11),
    severityNumber: field('SeverityNumber', 2),
    severityText: field('string', 3),
    body: field(ANY_VALUE, 5),
    attributes: repeated(KEY_VALUE, 6),
    droppedAttributesCount: field('uint32', 7),
    flags: field('fixed32', 8),
    traceId: field('bytes', 9),
    spanId: field('bytes', 10),
    eventName: field('string', 12),
  }),
});

const span = message(
  {
    traceId: field('bytes', 1),
    spanId: field('bytes', 2),
    traceState: field('string', 3),
    parentSpanId: field('bytes', 4),
    flags: field('fixed32', 16),
    name: field('string', 5),
    kind: field('SpanKind', 6),
    startTimeUnixNano: field('fixed64', 7),
    endTimeUnixNano: field('fixed64', 8),
    attributes: repeated(KEY_VALUE, 9),
    droppedAttributesCount: field('uint32', 10),
    events: repeated('Event', 11),
    droppedEventsCount: field('uint32', 12),
    links: repeated('Link', 13),
    droppedLinksCount: field('uint32', 14),
    status: field('Status', 15),
  },
  {
    nested: {
      SpanKind: enumOf({
        SPAN_KIND_UNSPECIFIED: 0,
        SPAN_KIND_INTERNAL: 1,
        SPAN_KIND_SERVER: 2,
        SPAN_KIND_CLIENT: 3,
        SPAN_KIND_PRODUCER: 4,
        SPAN_KIND_CONSUMER: 5,
      }),
      Event: message({
        timeUnixNano: field('fixed64', 1),
        name: field('string', 2),
        attributes: repeated(KEY_VALUE, 3),
        droppedAttributesCount: field('uint32', 4),
      }),
      Link: message({
        traceId: field('bytes', 1),
        spanId: field('bytes', 2),
        traceState: field('string', 3),
        attributes: repeated(KEY_VALUE, 4),
        droppedAttributesCount: field('uint32', 5),
        flags: field('fixed32', 6),
      }),
    },
  },
);

const trace = inPackage('opentelemetry.proto.trace.v1', {
  TracesData: message({ resourceSpans: repeated('ResourceSpans', 1) }),
  ResourceSpans: message({
    resource: field(RESOURCE, 1),
    scopeSpans: repeated('ScopeSpans', 2),
    schemaUrl: field('string', 3),
  }),
  ScopeSpans: message({
    scope: field(SCOPE, 1),
    spans: repeated('Span', 2),
    schemaUrl: field('string', 3),
  }),
  Span: span,
  // Field 1 is reserved (a removed deprecated code).
  Status: message(
    { message: field('string', 2), code: field('StatusCode', 3) },
    {
      nested: {
        StatusCode: enumOf({ STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 }),
      },
    },
  ),
});

const collectorLogs = inPackage('opentelemetry.proto.collector.logs.v1', {
  ExportLogsServiceRequest: message({
    resourceLogs: repeated('opentelemetry.proto.logs.v1.ResourceLogs', 1),
  }),
  ExportLogsServiceResponse: message({ partialSuccess: field('ExportLogsPartialSuccess', 1) }),
  ExportLogsPartialSuccess: message({
    rejectedLogRecords: field('int64', 1),
    errorMessage: field('string', 2),
  }),
});

const collectorTrace = inPackage('opentelemetry.proto.collector.trace.v1', {
  ExportTraceServiceRequest: message({
    resourceSpans: repeated('opentelemetry.proto.trace.v1.ResourceSpans', 1),
  }),
  ExportTraceServiceResponse: message({ partialSuccess: field('ExportTracePartialSuccess', 1) }),
  ExportTracePartialSuccess: message({
    rejectedSpans: field('int64', 1),
    errorMessage: field('string', 2),
  }),
});

export const logsTraceDescriptor: INamespace = mergeNamespaces(
  logs,
  trace,
  collectorLogs,
  collectorTrace,
);
