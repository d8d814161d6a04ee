import type { Attributes } from '../records';
import { defineKey, toAttributes } from './any-value';
import { type Obj, get } from './values';
import type { ItemPosition, NormaliseContext, ScopeInfo } from './walk';

/**
 * An item's own attributes, flattened, plus the scope name (`otel.scope.name`, as non-OTLP
 * exporters name it). Null, with the item rejected, when `attributes` is not a list.
 */
export function readItemAttributes(
  item: Obj,
  scope: ScopeInfo,
  ctx: NormaliseContext,
  position: ItemPosition,
): Attributes | null {
  const raw = get(item, 'attributes', 'attributes');
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    return ctx.reject(position, 'attributes', 'must be an array of key/value pairs');
  }
  const attributes = toAttributes(raw, ctx.limits);
  addIfAbsent(attributes, 'otel.scope.name', scope.name);
  return attributes;
}

/** Sets `key` unless the sender already did, or `value` is empty: the sender's own value wins. */
export function addIfAbsent(attributes: Attributes, key: string, value: string): void {
  if (value !== '' && !Object.hasOwn(attributes, key)) defineKey(attributes, key, value);
}
