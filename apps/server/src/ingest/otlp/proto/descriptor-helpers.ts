import type { IEnum, IField, INamespace, IType } from 'protobufjs';

/**
 * Tiny builders for protobufjs JSON descriptors, so each OTLP message reads like its `.proto`
 * declaration (type, name, field number) instead of nested object literals.
 */
export const field = (type: string, id: number): IField => ({ type, id });
export const repeated = (type: string, id: number): IField => ({ rule: 'repeated', type, id });
/** proto3 `optional`: presence is tracked (protobufjs reads it back as null when unset). */
export const optional = (type: string, id: number): IField => ({
  type,
  id,
  options: { proto3_optional: true },
});

export function message(
  fields: Record<string, IField>,
  extra: { oneofs?: Record<string, string[]>; nested?: Record<string, IType | IEnum> } = {},
): IType {
  const type: IType = { fields };
  const oneofs: Record<string, string[]> = { ...(extra.oneofs ?? {}) };
  // protobufjs models proto3 `optional` as a synthetic oneof named `_<field>`, like protoc does.
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.options?.['proto3_optional'] === true) oneofs[`_${name}`] = [name];
  }
  if (Object.keys(oneofs).length > 0) {
    type.oneofs = Object.fromEntries(
      Object.entries(oneofs).map(([name, members]) => [name, { oneof: members }]),
    );
  }
  if (extra.nested) type.nested = extra.nested;
  return type;
}

export const enumOf = (values: Record<string, number>): IEnum => ({ values });

/** Wraps `types` in the nested namespaces of a dotted package name (`a.b.c`). */
export function inPackage(pkg: string, types: Record<string, IType | IEnum>): INamespace {
  return pkg
    .split('.')
    .reverse()
    .reduce<INamespace>((inner, part) => ({ nested: { [part]: inner } }), { nested: types });
}

/** Deep-merges namespace descriptors so several packages can share one root. */
export function mergeNamespaces(...spaces: INamespace[]): INamespace {
  const out: INamespace = { nested: {} };
  for (const space of spaces) mergeInto(out, space);
  return out;
}

function mergeInto(target: INamespace, source: INamespace): void {
  const targetNested = (target.nested ??= {});
  for (const [name, child] of Object.entries(source.nested ?? {})) {
    const existing = targetNested[name];
    if (existing && isNamespaceOnly(existing) && isNamespaceOnly(child)) mergeInto(existing, child);
    else targetNested[name] = child;
  }
}

function isNamespaceOnly(value: object): value is INamespace {
  return !('fields' in value) && !('values' in value);
}
