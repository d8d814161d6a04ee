import { describe, expect, it } from 'vitest';
import { createLexiconModel, type LexiconModelConfig } from './lexicon-model';
import { createEventFactory, createRunner, MINUTE, T0 } from './test-events';

const config: LexiconModelConfig = {
  severityScores: { fatal: 0.9, error: 0.6, warn: 0.25 },
  classScores: { system: 0.85, failure: 0.6, client: 0.25 },
  clientCap: 0.45,
  quietLevelFactor: 0.6,
  benignFactor: 0.3,
  dumpFactor: 0.1,
  frequentAfter: 3,
  voteAt: 0.5,
  maxTemplates: 1000,
};

function firstScore(template: string, level: string, params: string[] = []) {
  const run = createRunner(createLexiconModel(config));
  return run(createEventFactory()({ template, level, params }));
}

describe('failure lexicon model', () => {
  it.each([
    ['Connection refused by <*>', 'unknown', true],
    ['disk <*> failed: No space left on device', 'ERROR', true],
    ['data TLB error interrupt', 'FATAL', true],
    ['Worker <*> timed out', 'WARN', true],
    ['User <*> logged in', 'INFO', false],
    ['Cache refreshed in <*> ms', 'unknown', false],
    // The source itself says INFO, and the error was corrected: routine.
    ['instruction cache parity error corrected', 'INFO', false],
    // A caller-side cause is capped, even at FATAL.
    ['Error loading <*>: invalid or missing program image, Permission denied', 'FATAL', false],
    // Register dumps are data printed after a failure, not the failure.
    ['instruction address: <*>', 'FATAL', false],
    ['exception syndrome register: <*>', 'FATAL', false],
  ])('%s at %s votes %s', (template, level, vote) => {
    const params = template.includes('<*>') ? ['0x00004ed8'] : [];
    const output = firstScore(template, level === 'unknown' ? '' : level, params);
    expect(output.vote).toBe(vote);
    if (vote) expect(output.reason).toMatch(/severity|failure words/);
  });

  it('reads failure words carried in parameters', () => {
    const output = firstScore('Connection to <*> closed: <*>', '', ['db-1', 'reset by peer']);
    expect(output.vote).toBe(true);
    expect(output.reason).toContain("'reset by peer'");
  });

  it('treats a 5xx in a status slot as a system failure', () => {
    const output = firstScore('GET <*> status <*>', '', ['/api', '503']);
    expect(output.vote).toBe(true);
    expect(output.reason).toContain('status 503');
  });

  it('dampens a repeating non-fatal failure but not a fatal one', () => {
    const event = createEventFactory();
    const run = createRunner(createLexiconModel(config));
    const errors = Array.from({ length: 20 }, (_, i) =>
      run(
        event({
          template: 'hit ASSERT condition in <*>',
          level: 'ERROR',
          params: ['x'],
          time: T0 + i * MINUTE,
        }),
      ),
    );
    const fatals = Array.from({ length: 20 }, (_, i) =>
      run(
        event({
          template: 'kernel panic on <*>',
          level: 'FATAL',
          params: ['n1'],
          time: T0 + i * MINUTE,
        }),
      ),
    );
    expect(errors[0]?.vote).toBe(true);
    expect(errors[19]?.vote).toBe(false);
    expect(errors[19]?.score).toBeLessThan(errors[0]?.score ?? 0);
    expect(fatals.every((o) => o.vote)).toBe(true);
  });

  it('keeps a confirmed template loud when it repeats, and survives snapshot/restore', () => {
    const model = createLexiconModel(config);
    model.feedback?.({ templateId: 'tpl-db <*> error' }, 'confirmed');
    const restored = createLexiconModel(config);
    restored.restore(model.snapshot());
    const event = createEventFactory();
    const run = createRunner(restored);
    const outputs = Array.from({ length: 30 }, () =>
      run(event({ template: 'db <*> error', level: 'ERROR', params: ['a'] })),
    );
    expect(outputs.every((o) => o.vote)).toBe(true);
  });

  it('rejects a malformed snapshot', () => {
    expect(() => createLexiconModel(config).restore({ version: 2 })).toThrow();
  });
});
