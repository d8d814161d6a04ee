import type { INamespace } from 'protobufjs';
import {
  enumOf,
  field,
  inPackage,
  mergeNamespaces,
  message,
  optional,
  repeated,
} from './descriptor-helpers';
import { COMMON_PACKAGE, RESOURCE_PACKAGE } from './common-descriptor';

/** opentelemetry-proto v1 `metrics/v1/metrics.proto` and its collector service. */
const KEY_VALUE = `${COMMON_PACKAGE}.KeyValue`;
const SCOPE = `${COMMON_PACKAGE}.InstrumentationScope`;
const RESOURCE = `${RESOURCE_PACKAGE}.Resource`;

const exemplar = message(
  {
    filteredAttributes: repeated(KEY_VALUE, 7),
    timeUnixNano: field('fixed64', 2),
    asDouble: field('double', 3),
    asInt: field('sfixed64', 6),
    spanId: field('bytes', 4),
    traceId: field('bytes', 5),
  },
  { oneofs: { value: ['asDouble', 'asInt'] } },
);

const numberDataPoint = message(
  {
    attributes: repeated(KEY_VALUE, 7),
    startTimeUnixNano: field('fixed64', 2),
    timeUnixNano: field('fixed64', 3),
    asDouble: field('double', 4),
    asInt: field('sfixed64', 6),
    exemplars: repeated('Exemplar', 5),
    flags: field('uint32', 8),
  },
  { oneofs: { value: ['asDouble', 'asInt'] } },
);

const histogramDataPoint = message({
  attributes: repeated(KEY_VALUE, 9),
  startTimeUnixNano: field('fixed64', 2),
  timeUnixNano: field('fixed64', 3),
  count: field('fixed64', 4),
  sum: optional('double', 5),
  bucketCounts: repeated('fixed64', 6),
  explicitBounds: repeated('double', 7),
  exemplars: repeated('Exemplar', 8),
  flags: field('uint32', 10),
  min: optional('double', 11),
  max: optional('double', 12),
});

const exponentialHistogramDataPoint = message(
  {
    attributes: repeated(KEY_VALUE, 1),
    startTimeUnixNano: field('fixed64', 2),
    timeUnixNano: field('fixed64', 3),
    count: field('fixed64', 4),
    sum: optional('double', 5),
    scale: field('sint32', 6),
    zeroCount: field('fixed64', 7),
    positive: field('Buckets', 8),
    negative: field('Buckets', 9),
    flags: field('uint32', 10),
    exemplars: repeated('Exemplar', 11),
    min: optional('double', 12),
    max: optional('double', 13),
    zeroThreshold: field('double', 14),
  },
  {
    nested: {
      Buckets: message({ offset: field('sint32', 1), bucketCounts: repeated('uint64', 2) }),
    },
  },
);

const summaryDataPoint = message(
  {
    attributes: repeated(KEY_VALUE, 7),
    startTimeUnixNano: field('fixed64', 2),
    timeUnixNano: field('fixed64', 3),
    count: field('fixed64', 4),
    sum: field('double', 5),
    quantileValues: repeated('ValueAtQuantile', 6),
    flags: field('uint32', 8),
  },
  {
    nested: {
      ValueAtQuantile: message({ quantile: field('double', 1), value: field('double', 2) }),
    },
  },
);

const metrics = inPackage('opentelemetry.proto.metrics.v1', {
  AggregationTemporality: enumOf({
    AGGREGATION_TEMPORALITY_UNSPECIFIED: 0,
    AGGREGATION_TEMPORALITY_DELTA: 1,
    AGGREGATION_TEMPORALITY_CUMULATIVE: 2,
  }),
  MetricsData: message({ resourceMetrics: repeated('ResourceMetrics', 1) }),
  ResourceMetrics: message({
    resource: field(RESOURCE, 1),
    scopeMetrics: repeated('ScopeMetrics', 2),
    schemaUrl: field('string', 3),
  }),
  ScopeMetrics: message({
    scope: field(SCOPE, 1),
    metrics: repeated('Metric', 2),
    schemaUrl: field('string', 3),
  }),
  Metric: message(
    {
      name: field('string', 1),
      description: field('string', 2),
      unit: field('string', 3),
      gauge: field('Gauge', 5),
      sum: field('Sum', 7),
      histogram: field('Histogram', 9),
      exponentialHistogram: field('ExponentialHistogram', 10),
      summary: field('Summary', 11),
      metadata: repeated(KEY_VALUE, 12),
    },
    { oneofs: { data: ['gauge', 'sum', 'histogram', 'exponentialHistogram', 'summary'] } },
  ),
  Gauge: message({ dataPoints: repeated('NumberDataPoint', 1) }),
  Sum: message({
    dataPoints: repeated('NumberDataPoint', 1),
    aggregationTemporality: field('AggregationTemporality', 2),
    isMonotonic: field('bool', 3),
  }),
  Histogram: message({
    dataPoints: repeated('HistogramDataPoint', 1),
    aggregationTemporality: field('AggregationTemporality', 2),
  }),
  ExponentialHistogram: message({
    dataPoints: repeated('ExponentialHistogramDataPoint', 1),
    aggregationTemporality: field('AggregationTemporality', 2),
  }),
  Summary: message({ dataPoints: repeated('SummaryDataPoint', 1) }),
  NumberDataPoint: numberDataPoint,
  HistogramDataPoint: histogramDataPoint,
  ExponentialHistogramDataPoint: exponentialHistogramDataPoint,
  SummaryDataPoint: summaryDataPoint,
  Exemplar: exemplar,
});

const collectorMetrics = inPackage('opentelemetry.proto.collector.metrics.v1', {
  ExportMetricsServiceRequest: message({
    resourceMetrics: repeated('opentelemetry.proto.metrics.v1.ResourceMetrics', 1),
  }),
  ExportMetricsServiceResponse: message({
    partialSuccess: field('ExportMetricsPartialSuccess', 1),
  }),
  ExportMetricsPartialSuccess: message({
    rejectedDataPoints: field('int64', 1),
    errorMessage: field('string', 2),
  }),
});

export const metricsDescriptor: INamespace = mergeNamespaces(metrics, collectorMetrics);
