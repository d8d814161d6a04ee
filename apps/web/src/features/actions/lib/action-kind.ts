/** Which icon a card shows, by tag (spec part 2 section 2.1): restart, scaling, cache or default. */
export type ActionKind = 'restart' | 'scaling' | 'cache' | 'default';

const KIND_BY_WORD: ReadonlyArray<readonly [RegExp, ActionKind]> = [
  [/restart|reboot|recycle/, 'restart'],
  [/scal/, 'scaling'],
  [/cache/, 'cache'],
];

export function actionKind(tags: readonly string[]): ActionKind {
  for (const tag of tags) {
    const word = tag.toLowerCase();
    const match = KIND_BY_WORD.find(([pattern]) => pattern.test(word));
    if (match) return match[1];
  }
  return 'default';
}

/** The first `limit` tags and how many more there are ('+N more'). */
export function visibleTags(
  tags: readonly string[],
  limit = 3,
): { shown: string[]; hidden: number } {
  return { shown: tags.slice(0, limit), hidden: Math.max(0, tags.length - limit) };
}
