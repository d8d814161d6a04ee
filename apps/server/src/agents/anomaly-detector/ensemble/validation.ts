import { z } from 'zod';
import type { Validation } from '@vigil/contract';
import type { MinedEvent } from '../mined-event';
import { KNOWN_WORDS, scanText, type LexiconMatch } from '../models/lexicon';
import { createLruMap } from '../models/lru-map';
import type { EventContext, ModelOutput } from '../models/model';
import type { FeedbackMark } from './combiner';
import type { DetectorConfig } from './detector-config';

/**
 * Second-stage check, deterministic and evidence-based (the spec's "gemini_validation" block without
 * an LLM). It re-reads the event for failure words, weighs how many independent models agree, and
 * names keywords the lexicon does not know yet so an operator can teach it.
 */
export interface Validator {
  /** Hot path: free unless the miner just created the template (then its words are counted). */
  observe(event: MinedEvent): void;
  validate(input: ValidationInput): Validation;
  snapshot(): unknown;
  restore(state: unknown): void;
}

export interface ValidationInput {
  event: MinedEvent;
  ctx: EventContext;
  names: readonly string[];
  outputs: readonly ModelOutput[];
  score: number;
  mark: FeedbackMark;
}

const Snapshot = z.object({
  version: z.literal(1),
  templates: z.number().int().nonnegative(),
  tokens: z.array(z.tuple([z.string(), z.number().int().positive()])),
});

/** Word shapes that usually mean trouble; a token with one of these stems that the lexicon lacks is a candidate. */
const FAILURE_STEM_RE =
  /(?:err|fail|fault|exception|abort|crash|panic|deni|refus|timeout|invalid|corrupt|sever|reset|kill|terminat|unreach|unavail|overflow|violat|illegal|broken|stuck|hang|stall|degrad|interrupt|mismatch|reject|throttl|exhaust|leak|retr(?:y|ies)|unexpected|wrong)/;
const TOKEN_SPLIT_RE = /[^a-z0-9_'-]+/;
/** Words of three letters or more: short acronyms (tlb, dns, tls) often name the broken part. */
const WORD_RE = /^[a-z][a-z_'-]{1,}[a-z]$/;
const STOPWORDS: ReadonlySet<string> = new Set(
  'the this that with from into onto have has had was were will would should been being for and not are but its their there then than when what which while after before about over under again all any can may out off per via new old now one two set get put run got see use'.split(
    ' ',
  ),
);
const SHORT = 80;

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(TOKEN_SPLIT_RE)
    .filter((t) => WORD_RE.test(t) && !STOPWORDS.has(t));

const hasFailure = (match: LexiconMatch): boolean =>
  match.system !== null || match.failure !== null || match.client !== null;

const strengthOf = (match: LexiconMatch, ctx: EventContext): number =>
  match.system ? 1 : match.failure ? 0.8 : ctx.isError ? 0.6 : match.client ? 0.4 : 0;

export function createValidator(config: DetectorConfig): Validator {
  const settings = config.validation;
  const documentFrequency = createLruMap<string, number>(settings.maxTokens);
  let templateTotal = 0;

  function newKeywords(event: MinedEvent, match: LexiconMatch): string[] {
    const found = new Set<string>();
    for (const token of wordsOf(event.record.body)) {
      if (!KNOWN_WORDS.has(token) && FAILURE_STEM_RE.test(token)) found.add(token);
    }
    // Rare words said in the same breath as a failure: the vocabulary of this particular fault.
    if (hasFailure(match) && templateTotal >= 20) {
      for (const token of wordsOf(event.template.replaceAll('<*>', ' '))) {
        if (!KNOWN_WORDS.has(token) && (documentFrequency.peek(token) ?? 0) <= 2) found.add(token);
      }
    }
    return [...found].slice(0, settings.maxNewKeywords);
  }

  function confidenceOf(input: ValidationInput, match: LexiconMatch, votes: number): number {
    const strength = strengthOf(match, input.ctx);
    let confidence = input.score;
    if (strength > 0)
      confidence = 1 - (1 - confidence) * (1 - settings.keywordConfidence * strength);
    if (votes >= 2) confidence = 1 - (1 - confidence) * (1 - 0.15 * (votes - 1));
    // A single behavioural signal on a line that says nothing is wrong is weak evidence.
    if (strength === 0 && votes <= 1) confidence *= 0.8;
    if (input.mark === 'confirmed') confidence = Math.max(confidence, 0.9);
    if (input.mark === 'false_positive') confidence = Math.min(confidence, 0.3);
    return Math.round(Math.min(1, Math.max(0, confidence)) * 10_000) / 10_000;
  }

  function analysis(
    input: ValidationInput,
    match: LexiconMatch,
    voters: string[],
    confidence: number,
    validated: boolean,
  ): string {
    const { ctx, event } = input;
    const template =
      event.template.length > SHORT ? `${event.template.slice(0, SHORT - 1)}…` : event.template;
    const words = [match.system, match.failure, match.client].filter(
      (w): w is string => w !== null,
    );
    const level = ctx.severity === 'unknown' ? 'a line' : `a ${ctx.severity.toUpperCase()} line`;
    const evidence =
      words.length > 0
        ? `with failure words ${words.map((w) => `'${w}'`).join(', ')}`
        : 'with no failure words';
    const agreement =
      voters.length === 0
        ? 'no model voted on its own'
        : `${voters.length} of ${input.names.length} models agree (${voters.join(', ')})`;
    const feedback = input.mark
      ? `; operator verdict on this template: ${input.mark.replace('_', ' ')}`
      : '';
    return `${validated ? 'Validated' : 'Not validated'} (confidence ${confidence.toFixed(2)}): ${ctx.component} logged ${level} '${template}' ${evidence}; ${agreement}${feedback}.`;
  }

  return {
    observe(event) {
      if (!event.isNewTemplate) return;
      templateTotal += 1;
      for (const token of new Set(wordsOf(event.template.replaceAll('<*>', ' ')))) {
        documentFrequency.set(token, (documentFrequency.peek(token) ?? 0) + 1);
      }
    },
    validate(input) {
      const match = scanText(input.event.record.body);
      const voters = input.names.filter((_, i) => input.outputs[i]?.vote === true);
      const confidence = confidenceOf(input, match, voters.length);
      const validated = confidence >= settings.threshold;
      return {
        validated,
        confidence,
        new_keywords: newKeywords(input.event, match),
        analysis: analysis(input, match, voters, confidence, validated),
      };
    },
    snapshot: () => ({
      version: 1 as const,
      templates: templateTotal,
      tokens: [...documentFrequency.entries()],
    }),
    restore(state) {
      const parsed = Snapshot.parse(state);
      templateTotal = parsed.templates;
      documentFrequency.clear();
      for (const [token, df] of parsed.tokens) documentFrequency.set(token, df);
    },
  };
}
