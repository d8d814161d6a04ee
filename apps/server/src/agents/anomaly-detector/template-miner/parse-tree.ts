import { CLOSER, OPENER, VARIABLE, charClass, isWordChar } from './char-class';
import { matchesPattern } from './template-token';

/** A group of lines sharing one template. */
export interface Cluster {
  /** Given at creation and kept for life, through merges and restarts. */
  id: string;
  /** Creation order: when two clusters merge, the older one survives. */
  seq: number;
  tokens: string[];
  /** The tokens joined by spaces: the index key (equal keys mean one template). */
  key: string;
  /** The template as reported (see renderTemplate). */
  template: string;
  count: number;
  /** The child keys from the length layer down to the leaf that holds this cluster. */
  route: string[];
  /** Ids of clusters merged into this one; they resolve here. */
  aliases: string[];
  /** The miner's line counter when this cluster last moved to the young end of the LRU. */
  touched: number;
}

interface TreeNode {
  children: Map<string, TreeNode>;
  clusters: Cluster[];
}

/**
 * Drain's fixed-depth tree: the first layer keys on the token count, the next `depth` layers on the
 * first tokens (a node with `maxChildren` children sends new tokens to its `<*>` child), and the
 * leaves hold the clusters compared by similarity.
 */
export interface ParseTree {
  /** The best cluster for these masked tokens at or above the threshold, or null. */
  search(tokens: readonly string[], threshold: number): Cluster | null;
  /** Whether the last search's cluster covers its line as is (no template change needed). */
  lastMatchCovers(): boolean;
  /** Places a new cluster, choosing (and returning) its route. */
  add(cluster: Omit<Cluster, 'route'>): Cluster;
  /** Places a cluster on a route it already has (restoring a snapshot). */
  place(cluster: Cluster): void;
  remove(cluster: Cluster): void;
}

export function createParseTree(depth: number, maxChildren: number): ParseTree {
  const byLength = new Map<number, TreeNode>();
  const last: SearchState = { covers: false };

  function leafFor(tokens: readonly string[]): TreeNode | null {
    let node = byLength.get(tokens.length);
    const layers = Math.min(depth, tokens.length);
    for (let i = 0; node && i < layers; i += 1) {
      node = node.children.get(tokens[i] ?? '') ?? node.children.get(VARIABLE);
    }
    return node ?? null;
  }

  function descend(length: number, keys: readonly string[]): TreeNode {
    let node: TreeNode | undefined = byLength.get(length);
    if (!node) byLength.set(length, (node = newNode()));
    for (const key of keys) {
      let child: TreeNode | undefined = node.children.get(key);
      if (!child) node.children.set(key, (child = newNode()));
      node = child;
    }
    return node;
  }

  function chooseRoute(tokens: readonly string[]): string[] {
    const route: string[] = [];
    let node: TreeNode | undefined = byLength.get(tokens.length);
    const layers = Math.min(depth, tokens.length);
    for (let i = 0; i < layers; i += 1) {
      const token = tokens[i] ?? '';
      const key = node ? childKey(node, token, maxChildren) : token;
      route.push(key);
      node = node?.children.get(key);
    }
    return route;
  }

  return {
    search(tokens, threshold) {
      const leaf = leafFor(tokens);
      last.covers = false;
      return leaf ? bestMatch(leaf.clusters, tokens, threshold, last) : null;
    },
    lastMatchCovers() {
      return last.covers;
    },
    add(partial) {
      const cluster: Cluster = { ...partial, route: chooseRoute(partial.tokens) };
      descend(cluster.tokens.length, cluster.route).clusters.push(cluster);
      return cluster;
    },
    place(cluster) {
      descend(cluster.tokens.length, cluster.route).clusters.push(cluster);
    },
    remove(cluster) {
      const root = byLength.get(cluster.tokens.length);
      if (!root) return;
      const path: TreeNode[] = [root];
      for (const key of cluster.route) {
        const next = path[path.length - 1]?.children.get(key);
        if (!next) return;
        path.push(next);
      }
      const leaf = path[path.length - 1];
      const at = leaf ? leaf.clusters.indexOf(cluster) : -1;
      if (!leaf || at < 0) return;
      leaf.clusters.splice(at, 1);
      prune(path, cluster.route);
      if (root.children.size === 0 && root.clusters.length === 0)
        byLength.delete(cluster.tokens.length);
    },
  };
}

function newNode(): TreeNode {
  return { children: new Map(), clusters: [] };
}

/** Drops nodes left empty by a removal, from the leaf up, so memory follows the live clusters. */
function prune(path: TreeNode[], route: readonly string[]): void {
  for (let level = path.length - 1; level > 0; level -= 1) {
    const node = path[level];
    if (!node || node.children.size > 0 || node.clusters.length > 0) return;
    path[level - 1]?.children.delete(route[level - 1] ?? '');
  }
}

/** The child key for a token: itself, or `<*>` once the node is full (Drain's max children). */
function childKey(node: TreeNode, token: string, maxChildren: number): string {
  if (node.children.has(token)) return token;
  if (token === VARIABLE) return VARIABLE;
  const size = node.children.size;
  const hasWildcard = node.children.has(VARIABLE);
  if (hasWildcard) return size < maxChildren ? token : VARIABLE;
  return size + 1 < maxChildren ? token : VARIABLE;
}

/** Filled by bestMatch: whether the chosen cluster covers the line without widening. */
interface SearchState {
  covers: boolean;
}

/**
 * Drain's similarity, adapted to masked lines. Per position the template token and the line token
 * are: equal; covered (the template has `<*>` there, or a pattern the token fits); keyed (the same
 * `key=`/`key:` with two plain-word values: a value that varies); conflicting (two different plain
 * words, e.g. "Paused" and "Resumed", or a fixed symbol column like `****` against a variable: a
 * different template, so the cluster is out; words repeated at one position are merged later by
 * the slot index); or otherwise different. Equal, covered and keyed positions count as similar;
 * the best cluster must reach the threshold, ties going to the one with more equal tokens.
 */
function bestMatch(
  clusters: readonly Cluster[],
  tokens: readonly string[],
  threshold: number,
  state: SearchState,
): Cluster | null {
  let best: Cluster | null = null;
  let bestScore = -1;
  let bestExact = -1;
  const n = tokens.length;
  for (const cluster of clusters) {
    const template = cluster.tokens;
    let exact = 0;
    let covered = 0;
    let similar = 0;
    let rejected = false;
    for (let i = 0; i < n; i += 1) {
      const t = template[i] ?? '';
      const token = tokens[i] ?? '';
      if (t === token) exact += 1;
      else if (t === VARIABLE || (t.includes(VARIABLE) && matchesPattern(t, token))) covered += 1;
      else if (sharesKey(t, token)) similar += 1;
      else if (
        (isPlainWordCore(t) && isPlainWordCore(token)) ||
        isSymbolAgainstVariable(t, token)
      ) {
        rejected = true;
        break;
      }
    }
    if (rejected) continue;
    const score = exact + covered + similar;
    if (score > bestScore || (score === bestScore && exact > bestExact)) {
      best = cluster;
      bestScore = score;
      bestExact = exact;
      state.covers = exact + covered === n;
    }
    if (exact === n) break;
  }
  if (!best) return null;
  return n === 0 || bestScore / n >= threshold ? best : null;
}

/**
 * `name=android` and `name=audioserver`: the same key before `=` or `:`, and values that are both
 * plain words. A value of another shape (`tty=NODEVssh`, `tty=:<*>`) marks another template.
 */
function sharesKey(a: string, b: string): boolean {
  const limit = Math.min(a.length, b.length);
  for (let i = 0; i < limit; i += 1) {
    const code = a.charCodeAt(i);
    if (code !== b.charCodeAt(i)) return false;
    if (code === 61 || code === 58) return i > 0 && isPlainWord(a, i + 1) && isPlainWord(b, i + 1);
  }
  return false;
}

/** Only letters, digits and `_`: a word, not a value with structure. */
/** `****` where other lines have a number: a fixed symbol column is no variable. */
function isSymbolAgainstVariable(a: string, b: string): boolean {
  if (a === VARIABLE) return b.length > 0 && !hasWordChar(b) && !b.includes(VARIABLE);
  if (b === VARIABLE) return a.length > 0 && !hasWordChar(a) && !a.includes(VARIABLE);
  return false;
}

function hasWordChar(token: string): boolean {
  for (let i = 0; i < token.length; i += 1) if (isWordChar(token.charCodeAt(i))) return true;
  return false;
}

/** A plain word inside wrappers (`SPP.`, `(Paused)`). */
function isPlainWordCore(token: string): boolean {
  let start = 0;
  let end = token.length;
  while (start < end && (charClass(token.charCodeAt(start)) & OPENER) !== 0) start += 1;
  while (end > start && (charClass(token.charCodeAt(end - 1)) & CLOSER) !== 0) end -= 1;
  if (start === end) return false;
  for (let i = start; i < end; i += 1) {
    if (!isWordChar(token.charCodeAt(i))) return false;
  }
  return true;
}

function isPlainWord(token: string, from = 0): boolean {
  for (let i = from; i < token.length; i += 1) {
    if (!isWordChar(token.charCodeAt(i))) return false;
  }
  return token.length > from;
}
