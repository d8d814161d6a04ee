/**
 * A template id is a 53-bit hash of the masked text of the line that created the cluster, in base
 * 36 (about 10 characters). Being derived from content, the same first line gives the same id in
 * every process and after a cold start; the cluster keeps it for life (a snapshot stores it) even as
 * its template widens, and a merged cluster's id stays resolvable as an alias of the survivor.
 */
export function templateIdFor(text: string, taken: (id: string) => boolean): string {
  const base = hash53(text).toString(36);
  let id = base;
  for (let n = 2; taken(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** cyrb53 (public domain): fast, well mixed, 53 bits fit a double exactly. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
