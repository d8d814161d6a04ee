import type { GroupingStrategy } from '@vigil/contract';

/** The grouping selector (spec part 1 section 2); `auto`, the first load, groups by layer. */
export const GROUPING_OPTIONS: ReadonlyArray<{
  value: Exclude<GroupingStrategy, 'auto'>;
  label: string;
}> = [
  { value: 'attribute_based', label: 'By Layer' },
  { value: 'similarity_clustering', label: 'By Similarity' },
  { value: 'rule_based', label: 'By Rules' },
  { value: 'hybrid', label: 'Hybrid' },
];

export function groupingLabel(strategy: GroupingStrategy): string {
  const value = strategy === 'auto' ? 'attribute_based' : strategy;
  return GROUPING_OPTIONS.find((option) => option.value === value)?.label ?? strategy;
}

/** The group badge, worded as the spec quotes it: 'N service(s)'. */
export function serviceCount(count: number): string {
  return `${count} service(s)`;
}
