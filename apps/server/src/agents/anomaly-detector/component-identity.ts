import type { ComponentMeta } from '@vigil/contract';
import type { Attributes } from '../../ingest/records';
import { inferLayer } from '../../topology/layer-inference';

const text = (attributes: Attributes, ...keys: string[]): string | null => {
  for (const key of keys) {
    const value = attributes[key];
    if (typeof value === 'string' && value.trim().length > 0) return value.trim();
  }
  return null;
};

/** `payment-svc` → `Payment Svc`; acronyms the name already capitalises are kept. */
export function prettifyName(name: string): string {
  return name
    .split(/[-_.\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => (word === word.toUpperCase() ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Who a component is, from its resource attributes (OpenTelemetry semantic conventions). */
export function componentMeta(
  component: string,
  resource: Attributes,
  attributes: Attributes = {},
): ComponentMeta {
  return {
    friendly_name: text(resource, 'service.display_name') ?? prettifyName(component),
    env: text(resource, 'deployment.environment.name', 'deployment.environment') ?? 'prod',
    namespace: text(resource, 'service.namespace', 'k8s.namespace.name') ?? 'default',
    layer: inferLayer(component, { ...resource, ...attributes }),
    version: text(resource, 'service.version'),
  };
}
