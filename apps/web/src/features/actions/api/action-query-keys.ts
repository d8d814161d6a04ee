/** One place for this feature's cache keys, so mutations invalidate exactly what they change. */
export const actionQueryKeys = {
  all: ['executor'] as const,
  actions: () => [...actionQueryKeys.all, 'actions'] as const,
  executions: () => [...actionQueryKeys.all, 'executions'] as const,
  executionsOf: (actionId: string) => [...actionQueryKeys.executions(), { actionId }] as const,
  pendingApprovals: () =>
    [...actionQueryKeys.executions(), { status: 'pending_approval' }] as const,
  stats: () => [...actionQueryKeys.all, 'stats'] as const,
};
