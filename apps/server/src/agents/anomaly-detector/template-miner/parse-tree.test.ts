import { describe, expect, it } from 'vitest';
import { createParseTree, type Cluster } from './parse-tree';

function cluster(id: string, text: string): Omit<Cluster, 'route'> {
  const tokens = text.split(' ');
  return { id, seq: 0, tokens, key: text, template: text, count: 1, aliases: [], touched: 0 };
}

describe('createParseTree', () => {
  it('finds a cluster by length and first tokens, and only above the threshold', () => {
    const tree = createParseTree(2, 10);
    const added = tree.add(cluster('a', 'Took <*> seconds to build a/b instance'));
    expect(tree.search('Took <*> seconds to build a/b instance'.split(' '), 1)).toBe(added);
    // One of seven tokens differs (not a plain word): similarity 6/7.
    expect(tree.search('Took <*> seconds to build c/d instance'.split(' '), 0.9)).toBeNull();
    expect(tree.search('Took <*> seconds to build c/d instance'.split(' '), 0.8)).toBe(added);
    expect(tree.search('Took <*> seconds'.split(' '), 0.5)).toBeNull();
  });

  it('rejects a cluster that differs in a plain word, whatever the threshold', () => {
    const tree = createParseTree(2, 10);
    tree.add(cluster('a', 'VM Paused (Lifecycle Event)'));
    expect(tree.search('VM Resumed (Lifecycle Event)'.split(' '), 0)).toBeNull();
  });

  it('counts a template wildcard or pattern as covering the token', () => {
    const tree = createParseTree(2, 10);
    tree.add(cluster('a', 'session for user=<*> from <*>'));
    expect(tree.search('session for user=root from x'.split(' '), 1)).not.toBeNull();
    expect(tree.lastMatchCovers()).toBe(true);
  });

  it('sends new first tokens to the <*> child once a node is full', () => {
    const tree = createParseTree(1, 2);
    tree.add(cluster('a', 'alpha x'));
    const wild = tree.add(cluster('b', 'beta x'));
    expect(wild.route).toEqual(['<*>']);
    expect(tree.search(['beta', 'x'], 1)).toBe(wild);
  });

  it('removes a cluster and prunes the nodes it leaves empty', () => {
    const tree = createParseTree(2, 10);
    const added = tree.add(cluster('a', 'one two three'));
    tree.remove(added);
    expect(tree.search(['one', 'two', 'three'], 0)).toBeNull();
    const again = tree.add(cluster('b', 'one two three'));
    expect(tree.search(['one', 'two', 'three'], 1)).toBe(again);
  });
});
