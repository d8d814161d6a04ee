import { describe, expect, it } from 'vitest';
import { createTemplateMiner, restoreTemplateMiner, type TemplateMiner } from './template-miner';

function mineAll(miner: TemplateMiner, lines: readonly string[]) {
  return lines.map((line) => miner.mine(line));
}

const blockLines = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Received block blk_${1000 + i} of size ${64 * i} from /10.0.0.${i}`,
  );

describe('createTemplateMiner: grouping and masking', () => {
  it('groups the lines of one template and masks their variables', () => {
    const results = mineAll(createTemplateMiner(), blockLines(3));
    expect(new Set(results.map((r) => r.templateId)).size).toBe(1);
    expect(results[2]?.template).toBe('Received block <*> of size <*> from <*>');
  });

  it('flags the line that created a template and counts its lines', () => {
    const results = mineAll(createTemplateMiner(), [
      ...blockLines(2),
      'Verification succeeded for blk_1',
      ...blockLines(1),
    ]);
    expect(results.map((r) => r.isNewTemplate)).toEqual([true, false, true, false]);
    expect(results.map((r) => r.templateCount)).toEqual([1, 2, 1, 3]);
    expect(results[2]?.templateId).not.toBe(results[0]?.templateId);
  });

  it('extracts the values at the <*> slots, punctuation stripped', () => {
    const miner = createTemplateMiner();
    miner.mine('Component State Change: Component alt0 is in the unavailable state (HWID=1973)');
    const result = miner.mine(
      'Component State Change: Component alt0 is in the unavailable state (HWID=3180)',
    );
    expect(result.template).toBe(
      'Component State Change: Component alt0 is in the unavailable state (HWID=<*>)',
    );
    expect(result.parameters).toEqual(['3180']);
  });

  it('returns a timestamp spanning tokens as one parameter, and an empty value as one', () => {
    const miner = createTemplateMiner();
    miner.mine('connection from 10.0.0.2 (host-2.example.com) at Fri Jun 17 07:07:00 2005');
    const result = miner.mine('connection from 10.0.0.1 () at Sat Jun 18 08:00:00 2005');
    expect(result.template).toBe('connection from <*> (<*>) at <*>');
    expect(result.parameters).toEqual(['10.0.0.1', '', 'Sat Jun 18 08:00:00 2005']);
  });

  it('widens a key=value token when the value varies', () => {
    const miner = createTemplateMiner();
    const lines = ['a b c d e f g h i user=root', 'a b c d e f g h i user=guest'];
    const [, second] = mineAll(miner, lines);
    expect(second?.template).toBe('a b c d e f g h i user=<*>');
    expect(second?.parameters).toEqual(['guest']);
    expect(second?.isNewTemplate).toBe(false);
  });

  it('keeps lines apart that differ in a plain word', () => {
    const miner = createTemplateMiner();
    const [paused, resumed] = mineAll(miner, [
      '[instance: 1] VM Paused (Lifecycle Event)',
      '[instance: 2] VM Resumed (Lifecycle Event)',
    ]);
    expect(paused?.templateId).not.toBe(resumed?.templateId);
  });

  it('merges templates that differ at one position once it has shown enough values', () => {
    const miner = createTemplateMiner({ slotMergeMinValues: 3 });
    const results = mineAll(miner, [
      'session closed for user cyrus',
      'session closed for user news',
      'session closed for user test',
    ]);
    const survivor = miner.lookup(results[2]?.templateId ?? '');
    expect(results[2]?.template).toBe('session closed for user <*>');
    expect(survivor?.count).toBe(3);
    // The oldest id survives; the others resolve to it.
    for (const result of results)
      expect(miner.lookup(result.templateId)?.templateId).toBe(results[0]?.templateId);
    expect(results[2]?.templateId).toBe(results[0]?.templateId);
    expect(survivor?.aliases).toHaveLength(2);
    expect(survivor?.aliases).toContain(results[1]?.templateId);
    expect(miner.size).toBe(1);
  });

  it('never merges on the leading words, which name the event', () => {
    const miner = createTemplateMiner({ slotMergeMinValues: 2 });
    const results = mineAll(miner, ['boot (command 1)', 'halt (command 2)', 'wait (command 3)']);
    expect(new Set(results.map((r) => r.templateId)).size).toBe(3);
  });

  it('mines a line longer than maxTokens, the rest being one variable', () => {
    const miner = createTemplateMiner({ maxTokens: 4 });
    miner.mine('a b c one two three');
    const result = miner.mine('a b c four five');
    expect(result.template).toBe('a b c <*>');
    expect(result.parameters).toEqual(['four five']);
  });

  it('mines an empty message as the empty template', () => {
    const miner = createTemplateMiner();
    expect(miner.mine('').template).toBe('');
    expect(miner.mine('   ')).toMatchObject({
      template: '',
      isNewTemplate: false,
      templateCount: 2,
    });
  });

  it('leaves variables in place with masking off', () => {
    const result = createTemplateMiner({ mask: false }).mine('took 12 ms');
    expect(result.template).toBe('took 12 ms');
  });

  it('gives the same ids to the same lines in two miners', () => {
    const lines = [...blockLines(3), 'Verification succeeded for blk_1'];
    const first = mineAll(createTemplateMiner(), lines).map((r) => r.templateId);
    const second = mineAll(createTemplateMiner(), lines).map((r) => r.templateId);
    expect(second).toEqual(first);
  });

  it('rejects bad options, naming each', () => {
    expect(() => createTemplateMiner({ similarityThreshold: 2, maxClusters: 0 })).toThrow(
      /similarityThreshold.*maxClusters/,
    );
  });
});

describe('createTemplateMiner: bounded memory', () => {
  it('evicts the least recently used template past maxClusters', () => {
    const miner = createTemplateMiner({ maxClusters: 2 });
    const [a, b] = mineAll(miner, ['alpha one', 'beta two three', 'alpha one']);
    const c = miner.mine('gamma four five six');
    expect(miner.size).toBe(2);
    expect(miner.lookup(b?.templateId ?? '')).toBeUndefined();
    expect(miner.lookup(a?.templateId ?? '')?.template).toBe('alpha one');
    expect([...miner.templates()].map((t) => t.templateId)).toEqual([a?.templateId, c.templateId]);
  });

  it('gives an evicted template back its id when it returns', () => {
    const miner = createTemplateMiner({ maxClusters: 1 });
    const first = miner.mine('alpha one');
    miner.mine('beta two three');
    const again = miner.mine('alpha one');
    expect(again.isNewTemplate).toBe(true);
    expect(again.templateId).toBe(first.templateId);
  });
});

describe('snapshot and restoreTemplateMiner', () => {
  it('round-trips through JSON keeping ids, templates, counts and aliases', () => {
    const miner = createTemplateMiner({ slotMergeMinValues: 3 });
    const before = mineAll(miner, [
      ...blockLines(2),
      'session closed for user a',
      'session closed for user b',
      'session closed for user c',
    ]);
    const restored = restoreTemplateMiner(JSON.parse(JSON.stringify(miner.snapshot())) as unknown);

    expect([...restored.templates()]).toEqual([...miner.templates()]);
    const block = restored.mine(blockLines(3)[2] ?? '');
    expect(block).toMatchObject({
      templateId: before[0]?.templateId,
      isNewTemplate: false,
      templateCount: 3,
    });
    expect(restored.lookup(before[3]?.templateId ?? '')?.template).toBe(
      'session closed for user <*>',
    );
  });

  it('lets options override the snapshot config', () => {
    const miner = createTemplateMiner();
    mineAll(miner, ['alpha one', 'beta two three', 'gamma four five six']);
    const restored = restoreTemplateMiner(miner.snapshot(), { maxClusters: 2 });
    expect(restored.size).toBe(2);
    expect(restored.snapshot().config.maxClusters).toBe(2);
  });

  it('keeps new clusters younger than restored ones', () => {
    const miner = createTemplateMiner();
    miner.mine('alpha one');
    const restored = restoreTemplateMiner(miner.snapshot());
    restored.mine('beta two three');
    const seqs = restored.snapshot().clusters.map((c) => c.seq);
    expect(seqs).toEqual([0, 1]);
  });

  it.each([
    [null, /not an object/],
    [{ version: 2 }, /version/],
    [{ version: 1, config: {}, nextSeq: 0, clusters: [{ id: 'x' }] }, /clusters\[0\]/],
  ])('rejects a malformed snapshot %j', (snapshot, message) => {
    expect(() => restoreTemplateMiner(snapshot)).toThrow(message);
  });
});
