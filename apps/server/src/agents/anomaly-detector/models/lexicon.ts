/**
 * The failure lexicon: general words and phrases that say something went wrong, in three classes.
 *
 * - system: the platform failed (crash, timeout, connection reset, disk full, I/O error, 5xx);
 * - failure: something failed but the text does not say why (error, exception, failed, unable);
 * - client: the cause is the caller's input or rights (not found, permission denied, invalid, 4xx).
 *   SRE practice pages on 5xx and not on 4xx; the same split keeps "No such file or directory"
 *   from ranking with "Connection reset by peer".
 *
 * Benign phrases ("error corrected", "0 errors") weaken a match. Every regex is compiled once here;
 * the hot path only runs `test`/`exec` on them.
 */
export type FailureClass = 'system' | 'failure' | 'client';

/** Comma-separated phrases to a list (keeps the lexicon readable as prose). */
const phrases = (text: string): readonly string[] => text.split(',').map((phrase) => phrase.trim());

export const SYSTEM_WORDS: readonly string[] = phrases(
  'panic, panicked, fatal, segfault, segmentation fault, core dumped, out of memory, oom, ' +
    'oom-killer, killed, corrupt, corrupted, corruption, no space left, disk full, ' +
    'unreachable, refused, timed out, timeout, timeouts, time-out, reset by peer, ' +
    'connection reset, broken pipe, severed, terminated, abort, aborted, aborting, crash, ' +
    'crashed, crashing, deadlock, deadlocked, stack overflow, i/o error, input/output error, ' +
    'hung, not responding, unresponsive, connection lost, lost connection, no route to host, ' +
    'noroutetohost, host is down',
);

export const FAILURE_WORDS: readonly string[] = phrases(
  'error, errors, err, exception, exceptions, fail, fails, failed, failing, failure, ' +
    "failures, unable, cannot, can not, could not, couldn't, can't, assert, assertion, " +
    'traceback, caused by, stack trace, critical, severe, unavailable, unhealthy, degraded, ' +
    'rejected, violation, illegal, bad, lost, dropped, overflow, underflow',
);

export const CLIENT_WORDS: readonly string[] = phrases(
  'not found, no such file, no such file or directory, permission denied, access denied, ' +
    'denied, forbidden, unauthorized, unauthorised, invalid, missing, bad request, ' +
    'not permitted, exec format error, authentication failure, user unknown, unknown user',
);

const escape = (word: string): string =>
  word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+');
// Longest first so "no such file or directory" wins over "no such file" when we report the match.
const alternation = (words: readonly string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

/** Java/.NET/Python class names such as NullPointerException, IOError, ConnectionRefusedError. */
const CLASS_NAME = '[A-Za-z_$][\\w$]*?(?:Exception|Error)s?';
const STACK_FRAME = '\\n\\s*at\\s+[\\w$.<>]+\\(|Exception in thread';
const HTTP_5XX = '(?:status|code|http/\\d(?:\\.\\d)?)[\\s:="]+5\\d\\d\\b|"\\s5\\d\\d\\s';
const HTTP_4XX = '(?:status|code|http/\\d(?:\\.\\d)?)[\\s:="]+4\\d\\d\\b|"\\s4\\d\\d\\s';

export const SYSTEM_RE = new RegExp(`\\b(?:${alternation(SYSTEM_WORDS)})\\b|${HTTP_5XX}`, 'i');
export const FAILURE_RE = new RegExp(
  `\\b(?:${alternation(FAILURE_WORDS)})\\b|\\b${CLASS_NAME}\\b|${STACK_FRAME}`,
  'i',
);
export const CLIENT_RE = new RegExp(`\\b(?:${alternation(CLIENT_WORDS)})\\b|${HTTP_4XX}`, 'i');
/** One pass that says whether any class can match, so most lines cost a single regex test. */
export const ANY_FAILURE_RE = new RegExp(
  `${SYSTEM_RE.source}|${FAILURE_RE.source}|${CLIENT_RE.source}`,
  'i',
);
export const BENIGN_RE =
  /\b(?:corrected|recovered|no errors?|0 errors?|zero errors?|errors?[=:]\s*0\b|without errors?|succeeded|successfully|resolved)\b/i;
/** Templates that put an HTTP status in a slot ("status <*>"). */
export const STATUS_CONTEXT_RE = /\b(?:status|code|http\/\d(?:\.\d)?)\b[\s:="]*<\*>|"\s<\*>\s/i;

/**
 * Register and state dumps: dot leaders ("machine check......0"), one label with a hex value
 * ("instruction address: 0x00004ed8"), lines made of key=hex pairs ("r24=0x0ffea4c8 r25=0x3"), or a
 * bare section header ("special purpose registers:"). They are data printed around a failure, not
 * the failure itself, so their severity and words count for little. Runs once per template.
 */
const DOT_LEADER_RE = /[\w)]\s?\.{2,}\s*(?:0x)?[0-9a-f]+\b/i;
const LABEL_HEX_RE =
  /^[^:=]{1,60}[:=]\s*(?:0x[0-9a-f]+|[0-9a-f]{8,})(?:\s+(?:0x)?[0-9a-f]{8,})*\s*$/i;
const HEADER_RE = /^[\w ]{1,40}:\s*$/;
const KEYED_VALUE_RE = /^[\w.]{1,20}[=:](?:0x[0-9a-f]+|[0-9a-f]{4,}|\d+)[,;)]?$/i;
const BARE_VALUE_RE = /^(?:0x[0-9a-f]+|[0-9a-f]{4,}|\d+)[,;)]?$/i;
const DUMP_VALUE_SHARE = 0.7;

export function isDumpLine(text: string): boolean {
  if (DOT_LEADER_RE.test(text) || LABEL_HEX_RE.test(text) || HEADER_RE.test(text)) return true;
  const tokens = text.trim().split(/\s+/);
  let keyed = 0;
  let values = 0;
  for (const token of tokens) {
    if (KEYED_VALUE_RE.test(token)) keyed += 1;
    else if (BARE_VALUE_RE.test(token)) values += 1;
  }
  return keyed >= 2 && keyed + values >= DUMP_VALUE_SHARE * tokens.length;
}

export interface LexiconMatch {
  system: string | null;
  failure: string | null;
  client: string | null;
  benign: boolean;
}

export const NO_MATCH: LexiconMatch = Object.freeze({
  system: null,
  failure: null,
  client: null,
  benign: false,
});

const firstMatch = (re: RegExp, text: string): string | null => {
  const found = re.exec(text);
  return found ? found[0].trim().toLowerCase().replace(/\s+/g, ' ') : null;
};

/** Which failure classes a text contains (first word of each class, lowercased). */
export function scanText(text: string): LexiconMatch {
  if (!ANY_FAILURE_RE.test(text))
    return BENIGN_RE.test(text) ? { ...NO_MATCH, benign: true } : NO_MATCH;
  return {
    system: firstMatch(SYSTEM_RE, text),
    failure: firstMatch(FAILURE_RE, text),
    client: firstMatch(CLIENT_RE, text),
    benign: BENIGN_RE.test(text),
  };
}

export const mergeMatches = (a: LexiconMatch, b: LexiconMatch): LexiconMatch =>
  a === NO_MATCH
    ? b
    : b === NO_MATCH
      ? a
      : {
          system: a.system ?? b.system,
          failure: a.failure ?? b.failure,
          client: a.client ?? b.client,
          benign: a.benign || b.benign,
        };

/** Every word the lexicon knows, for telling new keywords apart from known ones. */
export const KNOWN_WORDS: ReadonlySet<string> = new Set(
  [...SYSTEM_WORDS, ...FAILURE_WORDS, ...CLIENT_WORDS].flatMap((phrase) => phrase.split(/[\s/-]+/)),
);
