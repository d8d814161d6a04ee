import { isIP } from 'node:net';

/**
 * Which resolved addresses outbound calls may reach. Everything that leads back into the host or
 * its private network (loopback, RFC 1918, link-local, CGNAT, metadata, unique-local, multicast,
 * unspecified) is refused, including the IPv4-mapped IPv6 spelling of each.
 */
interface V4Range {
  base: number;
  bits: number;
  reason: string;
}

const v4 = (dotted: string): number =>
  dotted.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

const V4_REFUSED: V4Range[] = [
  { base: v4('0.0.0.0'), bits: 8, reason: 'unspecified' },
  { base: v4('127.0.0.0'), bits: 8, reason: 'loopback' },
  { base: v4('10.0.0.0'), bits: 8, reason: 'private' },
  { base: v4('172.16.0.0'), bits: 12, reason: 'private' },
  { base: v4('192.168.0.0'), bits: 16, reason: 'private' },
  { base: v4('169.254.169.254'), bits: 32, reason: 'cloud metadata' },
  { base: v4('169.254.0.0'), bits: 16, reason: 'link-local' },
  { base: v4('100.64.0.0'), bits: 10, reason: 'carrier-grade NAT' },
  { base: v4('192.0.0.0'), bits: 24, reason: 'IETF protocol assignments' },
  { base: v4('198.18.0.0'), bits: 15, reason: 'benchmarking' },
  { base: v4('224.0.0.0'), bits: 4, reason: 'multicast' },
  { base: v4('240.0.0.0'), bits: 4, reason: 'reserved' },
];

const inV4Range = (address: number, range: V4Range): boolean => {
  const size = 2 ** (32 - range.bits);
  return Math.floor(address / size) === Math.floor(range.base / size);
};

function refusedV4(dotted: string): string | null {
  const value = v4(dotted);
  for (const range of V4_REFUSED) if (inV4Range(value, range)) return range.reason;
  return null;
}

/** Expands an IPv6 literal (with `::` and an optional dotted tail) to eight 16-bit groups. */
function expandV6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((g) => parseInt(g, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return null;
  const groups = [...left, ...new Array<number>(fill).fill(0), ...right];
  return groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff) ? null : groups;
}

function refusedV6(address: string): string | null {
  const g = expandV6(address);
  if (!g) return 'unparseable IPv6 address';
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstSixZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstSixZero && g5 === 0 && g6 === 0 && g7 <= 1) return g7 === 1 ? 'loopback' : 'unspecified';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) reach the IPv4 address they embed.
  if (firstSixZero && (g5 === 0xffff || g5 === 0)) {
    const embedded = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
    const reason = refusedV4(embedded);
    return reason ? `IPv4-mapped ${reason}` : null;
  }
  // 64:ff9b::/96 (NAT64) embeds an IPv4 address as well.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    const reason = refusedV4(`${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`);
    return reason ? `NAT64 ${reason}` : null;
  }
  if (
    g0 === 0xfd00 &&
    g1 === 0x0ec2 &&
    g2 === 0 &&
    g3 === 0 &&
    g4 === 0 &&
    g5 === 0 &&
    g6 === 0 &&
    g7 === 0x254
  ) {
    return 'cloud metadata';
  }
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** Why an address must not be reached, or null when it is a public address. */
export function refusedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return refusedV4(address);
  if (family === 6) return refusedV6(address);
  return 'not an IP address';
}
