import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID whose time part is the event time and whose random part is a hash of the record id: it
 * sorts by time like any ULID, and the same record redelivered gets the same anomaly id, so
 * processing it twice stores it once.
 */
export function anomalyIdFor(recordId: string, eventTimeMs: number): string {
  const time = encodeTime(Math.max(0, Math.min(eventTimeMs, 281_474_976_710_655)), 10);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let h3 = 0x9e3779b9;
  for (let i = 0; i < recordId.length; i += 1) {
    const code = recordId.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995);
    h3 = Math.imul(h3 ^ code, 0x27d4eb2d);
  }
  let random = '';
  for (const word of [h1, h2, h3]) {
    let bits = word >>> 0;
    for (let i = 0; i < 6 && random.length < 16; i += 1) {
      random += CROCKFORD[bits & 31];
      bits >>>= 5;
    }
  }
  return time + random;
}
