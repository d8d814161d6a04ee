import type { INamespace } from 'protobufjs';
import { enumOf, field, inPackage, mergeNamespaces, message, repeated } from './descriptor-helpers';

/**
 * opentelemetry-proto v1 `common/v1/common.proto` and `resource/v1/resource.proto`, plus
 * `google.rpc.Status` for OTLP error bodies. Field numbers follow the published protos; newer
 * fields we do not read (entity refs, string-table indexes) are left out and skipped as unknown.
 */
export const COMMON_PACKAGE = 'opentelemetry.proto.common.v1';
export const RESOURCE_PACKAGE = 'opentelemetry.proto.resource.v1';

const KEY_VALUE = `${COMMON_PACKAGE}.KeyValue`;

const common = inPackage(COMMON_PACKAGE, {
  AnyValue: message(
    {
      stringValue: field('string', 1),
      boolValue: field('bool', 2),
      intValue: field('int64', 3),
      doubleValue: field('double', 4),
      arrayValue: field('ArrayValue', 5),
      kvlistValue: field('KeyValueList', 6),
      bytesValue: field('bytes', 7),
    },
    {
      oneofs: {
        value: [
          'stringValue',
          'boolValue',
          'intValue',
          'doubleValue',
          'arrayValue',
          'kvlistValue',
          'bytesValue',
        ],
      },
    },
  ),
  ArrayValue: message({ values: repeated('AnyValue', 1) }),
  KeyValueList: message({ values: repeated('KeyValue', 1) }),
  KeyValue: message({ key: field('string', 1), value: field('AnyValue', 2) }),
  InstrumentationScope: message({
    name: field('string', 1),
    version: field('string', 2),
    attributes: repeated('KeyValue', 3),
    droppedAttributesCount: field('uint32', 4),
  }),
});

const resource = inPackage(RESOURCE_PACKAGE, {
  Resource: message({
    attributes: repeated(KEY_VALUE, 1),
    droppedAttributesCount: field('uint32', 2),
  }),
});

const rpc = mergeNamespaces(
  inPackage('google.protobuf', {
    Any: message({ typeUrl: field('string', 1), value: field('bytes', 2) }),
  }),
  inPackage('google.rpc', {
    Status: message({
      code: field('int32', 1),
      message: field('string', 2),
      details: repeated('google.protobuf.Any', 3),
    }),
    Code: enumOf({
      OK: 0,
      CANCELLED: 1,
      UNKNOWN: 2,
      INVALID_ARGUMENT: 3,
      DEADLINE_EXCEEDED: 4,
      NOT_FOUND: 5,
      ALREADY_EXISTS: 6,
      PERMISSION_DENIED: 7,
      RESOURCE_EXHAUSTED: 8,
      FAILED_PRECONDITION: 9,
      ABORTED: 10,
      OUT_OF_RANGE: 11,
      UNIMPLEMENTED: 12,
      INTERNAL: 13,
      UNAVAILABLE: 14,
      DATA_LOSS: 15,
      UNAUTHENTICATED: 16,
    }),
  }),
);

export const commonDescriptor: INamespace = mergeNamespaces(common, resource, rpc);
