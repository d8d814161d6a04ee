import { z } from 'zod';
import { createLruMap } from '../models/lru-map';
import type { FeedbackTarget, FeedbackVerdict } from '../models/model';

/**
 * Operator verdicts per template, optionally narrowed to one component. A component-specific verdict
 * wins over a template-wide one. Persisted in the ensemble snapshot so a muted template stays muted
 * after a restart.
 */
export interface FeedbackStore {
  readonly size: number;
  set(target: FeedbackTarget, verdict: FeedbackVerdict): void;
  lookup(templateId: string, component: string): FeedbackVerdict | null;
  snapshot(): FeedbackSnapshot;
  restore(state: unknown): void;
}

const ANY_COMPONENT = '*';
const Verdict = z.enum(['false_positive', 'confirmed']);
export const FeedbackSnapshot = z.array(z.tuple([z.string(), z.string(), Verdict]));
export type FeedbackSnapshot = z.infer<typeof FeedbackSnapshot>;

const keyOf = (component: string, templateId: string): string => `${component}\u0000${templateId}`;

export function createFeedbackStore(maxEntries: number): FeedbackStore {
  const entries = createLruMap<
    string,
    { component: string; templateId: string; verdict: FeedbackVerdict }
  >(maxEntries);
  return {
    get size() {
      return entries.size;
    },
    set(target, verdict) {
      const component = target.component ?? ANY_COMPONENT;
      entries.set(keyOf(component, target.templateId), {
        component,
        templateId: target.templateId,
        verdict,
      });
    },
    lookup(templateId, component) {
      if (entries.size === 0) return null;
      return (
        entries.peek(keyOf(component, templateId))?.verdict ??
        entries.peek(keyOf(ANY_COMPONENT, templateId))?.verdict ??
        null
      );
    },
    snapshot: () => [...entries.entries()].map(([, e]) => [e.component, e.templateId, e.verdict]),
    restore(state) {
      const parsed = FeedbackSnapshot.parse(state);
      entries.clear();
      for (const [component, templateId, verdict] of parsed) {
        entries.set(keyOf(component, templateId), { component, templateId, verdict });
      }
    },
  };
}
