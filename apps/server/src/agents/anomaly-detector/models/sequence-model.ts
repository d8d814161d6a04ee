import { z } from 'zod';
import type { MinedEvent } from '../mined-event';
import { createLruMap } from './lru-map';
import {
  clamp01,
  REASON_MIN,
  type DetectionModel,
  type EventContext,
  type ModelOutput,
} from './model';

export interface SequenceModelConfig {
  /** Without a trace, a session is the stream of one component on one host until a pause this long. */
  sessionGapMs: number;
  /** Both templates of a transition must have been seen this often (a brand-new template is the novelty model's call). */
  minTemplateCount: number;
  /** A component's transitions score only once it has logged this many events. */
  warmupEvents: number;
  voteAt: number;
  maxSessions: number;
  maxTransitions: number;
}

interface Session {
  templateId: string;
  template: string;
  templateCount: number;
  time: number;
}

/** What score found for an event, reused by learn (they see the same event back to back). */
interface Lookup {
  event: MinedEvent | null;
  sessionKey: string;
  previous: Session | undefined;
  transition: string;
}

const Snapshot = z.object({ version: z.literal(1), transitions: z.array(z.string()) });

const NAME = 'sequence_novelty';
const SHORT = 60;
const short = (text: string): string =>
  text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text;
const QUIET_OUTPUT: ModelOutput = { score: 0, vote: false, reason: null };

export function createSequenceModel(config: SequenceModelConfig): DetectionModel {
  // Sessions are transient (traces end): they are not part of the snapshot.
  const sessions = createLruMap<string, Session>(config.maxSessions);
  const transitions = createLruMap<string, true>(config.maxTransitions);
  const last: Lookup = { event: null, sessionKey: '', previous: undefined, transition: '' };

  function lookup(event: MinedEvent, ctx: EventContext): Lookup {
    if (last.event === event) return last;
    const traceId = event.record.traceId;
    last.event = event;
    last.sessionKey = traceId ? `t\u0000${traceId}` : `s\u0000${ctx.component}\u0000${ctx.host}`;
    const session = sessions.get(last.sessionKey);
    const expired =
      session !== undefined && !traceId && ctx.time - session.time > config.sessionGapMs;
    last.previous = expired ? undefined : session;
    last.transition = last.previous ? `${last.previous.templateId}\u0001${event.templateId}` : '';
    return last;
  }

  function score(event: MinedEvent, ctx: EventContext): ModelOutput {
    if (event.isNewTemplate || event.templateCount <= config.minTemplateCount) return QUIET_OUTPUT;
    if (ctx.componentEvents < config.warmupEvents) return QUIET_OUTPUT;
    const { previous, transition } = lookup(event, ctx);
    if (previous === undefined || previous.templateCount < config.minTemplateCount)
      return QUIET_OUTPUT;
    if (transitions.has(transition)) return QUIET_OUTPUT;
    // The better established both templates are, the stranger it is that one never followed the other.
    const established =
      Math.min(previous.templateCount, event.templateCount) / (10 * config.minTemplateCount);
    const value = clamp01(0.6 + 0.4 * Math.min(1, established));
    const where = event.record.traceId
      ? `trace ${event.record.traceId.slice(0, 8)}`
      : `${ctx.component} session`;
    return {
      score: value,
      vote: value >= config.voteAt,
      reason:
        value >= REASON_MIN
          ? `unseen transition in ${where}: after '${short(previous.template)}'`
          : null,
    };
  }

  function learn(event: MinedEvent, ctx: EventContext): void {
    const { sessionKey, previous, transition } = lookup(event, ctx);
    last.event = null;
    if (previous !== undefined && transitions.get(transition) === undefined)
      transitions.set(transition, true);
    if (previous !== undefined) {
      previous.templateId = event.templateId;
      previous.template = event.template;
      previous.templateCount = event.templateCount;
      previous.time = Math.max(previous.time, ctx.time);
      return;
    }
    sessions.set(sessionKey, {
      templateId: event.templateId,
      template: event.template,
      templateCount: event.templateCount,
      time: ctx.time,
    });
  }

  return {
    name: NAME,
    score,
    learn,
    snapshot: () => ({
      version: 1 as const,
      transitions: [...transitions.entries()].map(([key]) => key),
    }),
    restore(state) {
      const parsed = Snapshot.parse(state);
      transitions.clear();
      for (const key of parsed.transitions) transitions.set(key, true);
      sessions.clear();
    },
  };
}
