import type { ArchitectureGroup } from '@vigil/contract';
import { collectGroups, dimensionValue, orderGroups, type GroupableNode } from './grouping-types';

/**
 * An operator's rule: when `field` (name, id, layer, type, environment, namespace, or `tag:KEY`)
 * matches `pattern` (a case-insensitive regular expression), the node joins `group`. First match wins.
 */
export interface GroupingRule {
  field: string;
  pattern: string;
  group: string;
  label?: string;
}

/** Business-domain defaults: what most fleets' service names say about what they do. */
export const DEFAULT_GROUPING_RULES: readonly GroupingRule[] = [
  // What a node is beats what its name suggests: `orders-db` is a data store, not commerce.
  { field: 'type', pattern: '^external$', group: 'external', label: 'External services' },
  { field: 'type', pattern: '^(database|cache|storage)$', group: 'data', label: 'Data stores' },
  { field: 'type', pattern: '^queue$', group: 'messaging', label: 'Messaging' },
  // Words match at a word start, so `ledger` is not `edge` and `william` is not `iam`.
  {
    field: 'name',
    pattern: '\\b(gateway|ingress|proxy|edge|envoy|nginx)',
    group: 'edge',
    label: 'Edge & gateways',
  },
  {
    field: 'name',
    pattern: '\\b(auth|login|identity|iam|oauth|sso|session|token)',
    group: 'identity',
    label: 'Identity & access',
  },
  {
    field: 'name',
    pattern: '\\b(pay|billing|invoice|checkout|wallet|refund)',
    group: 'payments',
    label: 'Payments',
  },
  {
    field: 'name',
    pattern: '\\b(order|cart|basket|catalog|product|inventory|stock|shipping|fulfil)',
    group: 'commerce',
    label: 'Commerce',
  },
  {
    field: 'name',
    pattern: '\\b(user|account|profile|customer|member)',
    group: 'users',
    label: 'Users & accounts',
  },
  {
    field: 'name',
    pattern: '\\b(notif|email|mail|sms|push|message)',
    group: 'notifications',
    label: 'Notifications',
  },
  {
    field: 'name',
    pattern: '\\b(search|index|recommend|ranking)',
    group: 'search',
    label: 'Search & discovery',
  },
  { field: 'layer', pattern: '^(monitoring|orchestration)$', group: 'platform', label: 'Platform' },
  { field: 'layer', pattern: '^frontend$', group: 'frontend', label: 'Frontend' },
];

interface CompiledRule {
  field: string;
  regex: RegExp;
  id: string;
  label: string;
}

/** Compiles rules; an invalid pattern is reported by its index so settings can name it. */
export function compileRules(rules: readonly GroupingRule[]): CompiledRule[] {
  return rules.map((rule, index) => {
    try {
      return {
        field: rule.field,
        regex: new RegExp(rule.pattern, 'i'),
        id: `rule:${rule.group}`,
        label: rule.label ?? rule.group,
      };
    } catch (error) {
      throw new Error(
        `grouping rule ${index}: invalid pattern ${JSON.stringify(rule.pattern)} (${String(error)})`,
      );
    }
  });
}

function fieldValue(node: GroupableNode, field: string): string | null {
  if (field === 'name') return node.name;
  if (field === 'id') return node.id;
  if (field.startsWith('tag:')) return node.tags[field.slice(4)] ?? null;
  return dimensionValue(node, field);
}

/** The first rule matching the node, or null. */
export function matchRule(
  node: GroupableNode,
  rules: readonly CompiledRule[],
): { id: string; label: string } | null {
  for (const rule of rules) {
    const value = fieldValue(node, rule.field);
    if (value !== null && rule.regex.test(value)) return { id: rule.id, label: rule.label };
  }
  return null;
}

export function groupByRules(
  nodes: readonly GroupableNode[],
  rules: readonly CompiledRule[],
): ArchitectureGroup[] {
  return orderGroups(
    collectGroups(nodes, (node) => matchRule(node, rules)),
    false,
  );
}
