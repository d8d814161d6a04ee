import type { Attributes } from '../records';
import { createIdHasher } from '../record-id';
import { toAttributes } from './any-value';
import type { NormaliseLimits } from './limits';
import { type Obj, get, getArray, isObj } from './values';

/**
 * The resource → scope → item nesting every OTLP request shares, walked once with structural
 * checks. A malformed envelope (say `resourceLogs` is a string) fails the whole request; a
 * malformed item is the item's normaliser's business, so the rest of the request survives.
 */
export interface SignalShape {
  resources: readonly [camel: string, snake: string];
  scopes: readonly [camel: string, snake: string];
  items: readonly [camel: string, snake: string];
}

export interface ResourceInfo {
  /** `service.name`, trimmed; `unknown_service` when missing (the SDKs' own fallback). */
  component: string;
  /** Shared, read-only, by every record of the resource. */
  attributes: Attributes;
  /** A hash of the resource, the first ingredient of each record id. */
  seed: string;
}

export interface ItemPosition {
  resource: number;
  scope: number;
  item: number;
}

export interface NormaliseContext {
  limits: NormaliseLimits;
  /** Wall-clock ms, the time of last resort. */
  now: number;
  /** Counts the item as rejected and notes why; returns null so callers can `return ctx.reject(…)`. */
  reject(position: ItemPosition, field: string, problem: string): null;
}

export interface ScopeInfo {
  name: string;
}

export type Visit = (
  resource: ResourceInfo,
  scope: ScopeInfo,
  items: readonly unknown[],
  position: ItemPosition,
) => void;

export const UNKNOWN_SERVICE = 'unknown_service';

export function describeResource(resource: unknown, limits: NormaliseLimits): ResourceInfo {
  const attributes = isObj(resource)
    ? toAttributes(get(resource, 'attributes', 'attributes'), limits)
    : {};
  const name = attributes['service.name'];
  const component = typeof name === 'string' && name.trim() !== '' ? name.trim() : UNKNOWN_SERVICE;
  const hasher = createIdHasher();
  for (const key in attributes) hasher.add(key).add(String(attributes[key]));
  return { component, attributes: Object.freeze(attributes), seed: hasher.digest() };
}

/** Walks the envelope; returns an error message for a structurally broken body, else null. */
export function walkOtlp(
  root: unknown,
  shape: SignalShape,
  limits: NormaliseLimits,
  visit: Visit,
): string | null {
  if (!isObj(root)) return 'the request is not an object';
  const [resourcesCamel, resourcesSnake] = shape.resources;
  const resources = getArray(root, resourcesCamel, resourcesSnake);
  if (resources === null) return `${resourcesCamel} must be an array`;
  for (let r = 0; r < resources.length; r += 1) {
    const entry = resources[r];
    if (!isObj(entry)) return `${resourcesCamel}[${r}] must be an object`;
    const error = walkResource(entry, r, shape, limits, visit);
    if (error !== null) return `${resourcesCamel}[${r}].${error}`;
  }
  return null;
}

function walkResource(
  entry: Obj,
  r: number,
  shape: SignalShape,
  limits: NormaliseLimits,
  visit: Visit,
): string | null {
  const scopes = getArray(entry, shape.scopes[0], shape.scopes[1]);
  if (scopes === null) return `${shape.scopes[0]} must be an array`;
  if (scopes.length === 0) return null;
  const resource = describeResource(entry['resource'], limits);
  for (let s = 0; s < scopes.length; s += 1) {
    const scope = scopes[s];
    if (!isObj(scope)) return `${shape.scopes[0]}[${s}] must be an object`;
    const items = getArray(scope, shape.items[0], shape.items[1]);
    if (items === null) return `${shape.scopes[0]}[${s}].${shape.items[0]} must be an array`;
    const scopeDescriptor = scope['scope'];
    const name =
      isObj(scopeDescriptor) && typeof scopeDescriptor['name'] === 'string'
        ? scopeDescriptor['name']
        : '';
    visit(resource, { name }, items, { resource: r, scope: s, item: 0 });
  }
  return null;
}

/** `resourceLogs[0].scopeLogs[2].logRecords[7].traceId`, built only when something is rejected. */
export function itemPath(shape: SignalShape, position: ItemPosition, field: string): string {
  const base = `${shape.resources[0]}[${position.resource}].${shape.scopes[0]}[${position.scope}].${shape.items[0]}[${position.item}]`;
  return field === '' ? base : `${base}.${field}`;
}
