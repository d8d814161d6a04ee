import { z } from 'zod';
import type { MinedEvent } from '../mined-event';
import {
  ANY_FAILURE_RE,
  isDumpLine,
  mergeMatches,
  NO_MATCH,
  scanText,
  STATUS_CONTEXT_RE,
  type LexiconMatch,
} from './lexicon';
import { createLruMap } from './lru-map';
import {
  clamp01,
  REASON_MIN,
  type DetectionModel,
  type EventContext,
  type ModelOutput,
  type SeverityClass,
} from './model';

export interface LexiconModelConfig {
  /** Evidence from the log's own level. */
  severityScores: { fatal: number; error: number; warn: number };
  /** Evidence from each class of failure word. */
  classScores: { system: number; failure: number; client: number };
  /** Ceiling when the only cause named is the caller's (no system word). */
  clientCap: number;
  /** Multiplier on word evidence when the line's own level is INFO or below: the source says it is routine. */
  quietLevelFactor: number;
  /** Multiplier on word evidence when a benign phrase ("corrected") is present. */
  benignFactor: number;
  /** Multiplier for register/state dump lines. */
  dumpFactor: number;
  /** A non-fatal template seen more often than this (n times) is dampened by frequentAfter/n. */
  frequentAfter: number;
  voteAt: number;
  maxTemplates: number;
}

interface TemplateFacts {
  template: string;
  match: LexiconMatch;
  dump: boolean;
  statusSlot: boolean;
}

const Snapshot = z.object({ version: z.literal(1), confirmed: z.array(z.string()) });

const EMPTY_FACTS: TemplateFacts = {
  template: '',
  match: NO_MATCH,
  dump: false,
  statusSlot: false,
};
const NAME = 'failure_lexicon';
const STATUS_5XX = /^5\d\d$/;
const STATUS_4XX = /^4\d\d$/;

/**
 * Parameters worth scanning for failure words: word-like values ("refused", "Connection reset by
 * peer"), not numbers, ids, addresses or paths. This keeps the regex off most parameters.
 */
function isWordish(param: string): boolean {
  if (param.length < 3) return false;
  const first = param.charCodeAt(0) | 0x20;
  if (first < 97 || first > 122) return false;
  for (let i = 1; i < param.length && i < 32; i += 1) {
    const code = param.charCodeAt(i);
    if (code >= 48 && code <= 57) return false;
  }
  return true;
}

function paramMatch(params: readonly string[], statusSlot: boolean): LexiconMatch {
  if (params.length === 0) return NO_MATCH;
  let match = NO_MATCH;
  let words = '';
  for (const param of params)
    if (isWordish(param)) words = words === '' ? param : `${words} ${param}`;
  if (words !== '' && ANY_FAILURE_RE.test(words)) match = scanText(words);
  if (statusSlot) {
    for (const param of params) {
      if (param.length !== 3) continue;
      if (STATUS_5XX.test(param))
        return mergeMatches(match, { ...NO_MATCH, system: `status ${param}` });
      if (STATUS_4XX.test(param))
        match = mergeMatches(match, { ...NO_MATCH, client: `status ${param}` });
    }
  }
  return match;
}

export function createLexiconModel(config: LexiconModelConfig): DetectionModel {
  const facts = createLruMap<string, TemplateFacts>(config.maxTemplates);
  const confirmed = new Set<string>();

  const severityScore = (severity: SeverityClass): number =>
    severity === 'fatal' || severity === 'error' || severity === 'warn'
      ? config.severityScores[severity]
      : 0;

  // Memoised per template id: the regexes run once per template, not once per line.
  function factsFor(event: MinedEvent): TemplateFacts {
    const cached = facts.get(event.templateId);
    if (cached !== undefined && cached.template === event.template) return cached;
    const fresh: TemplateFacts = {
      template: event.template,
      match: scanText(event.template.replaceAll('<*>', ' ')),
      dump: isDumpLine(event.record.body),
      statusSlot: STATUS_CONTEXT_RE.test(event.template),
    };
    facts.set(event.templateId, fresh);
    return fresh;
  }

  function wordScore(match: LexiconMatch): number {
    const { system, failure, client } = config.classScores;
    const raw =
      1 -
      (match.system ? 1 - system : 1) *
        (match.failure ? 1 - failure : 1) *
        (match.client ? 1 - client : 1);
    return match.benign ? raw * config.benignFactor : raw;
  }

  function describe(ctx: EventContext, match: LexiconMatch, notes: string[]): string {
    const words = [match.system, match.failure, match.client].filter(
      (w): w is string => w !== null,
    );
    const parts: string[] = [];
    if (severityScore(ctx.severity) > 0) parts.push(`${ctx.severity.toUpperCase()} severity`);
    if (words.length > 0) parts.push(`failure words ${words.map((w) => `'${w}'`).join(', ')}`);
    return [...parts, ...notes].join('; ');
  }

  function score(event: MinedEvent, ctx: EventContext): ModelOutput {
    const templateFacts = event.templateId === '' ? EMPTY_FACTS : factsFor(event);
    // A system word in the template already says the most a parameter could add.
    const fromParams =
      templateFacts.match.system === null
        ? paramMatch(event.parameters, templateFacts.statusSlot)
        : NO_MATCH;
    const match = mergeMatches(templateFacts.match, fromParams);
    const sev = severityScore(ctx.severity);
    if (sev === 0 && match === NO_MATCH) return { score: 0, vote: false, reason: null };
    const quiet = ctx.severity === 'info' || ctx.severity === 'debug' || ctx.severity === 'trace';
    const words = wordScore(match) * (quiet ? config.quietLevelFactor : 1);
    let value = 1 - (1 - sev) * (1 - words);
    const notes: string[] = [];
    if (match.client !== null && match.system === null && value > config.clientCap) {
      value = config.clientCap;
      notes.push('caller-side cause, capped');
    }
    if (templateFacts.dump) {
      value *= config.dumpFactor;
      notes.push('register/state dump line');
    }
    // Lifetime counts (ctx.seen), not time-decayed: familiarity is how often people have seen a
    // line, and a low-volume source (a few lines a day) would never look familiar under a decay.
    const count = ctx.seen;
    // Fatal means the process says it cannot go on: repetition does not make that normal.
    if (
      ctx.severity !== 'fatal' &&
      count > config.frequentAfter &&
      !confirmed.has(event.templateId)
    ) {
      value *= config.frequentAfter / count;
      notes.push(`frequent template (seen ${count} times), dampened`);
    }
    value = clamp01(value);
    const vote = value >= config.voteAt;
    return { score: value, vote, reason: value >= REASON_MIN ? describe(ctx, match, notes) : null };
  }

  return {
    name: NAME,
    score,
    feedback(target, verdict) {
      // A confirmed failure stays loud when it repeats; false positives are muted by the ensemble.
      if (verdict === 'confirmed') confirmed.add(target.templateId);
      else confirmed.delete(target.templateId);
    },
    snapshot: () => ({ version: 1 as const, confirmed: [...confirmed] }),
    restore(state) {
      const parsed = Snapshot.parse(state);
      confirmed.clear();
      for (const id of parsed.confirmed) confirmed.add(id);
    },
  };
}
