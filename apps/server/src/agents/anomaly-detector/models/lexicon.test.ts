import { describe, expect, it } from 'vitest';
import { isDumpLine, KNOWN_WORDS, scanText } from './lexicon';

describe('scanText', () => {
  it.each([
    ['Connection refused by db-1:5432', 'system', 'refused'],
    ['request timed out after 30s', 'system', 'timed out'],
    ['read: Connection reset by peer', 'system', 'connection reset'],
    ['kernel: Out of memory: Killed process 123', 'system', 'out of memory'],
    ['write failed: No space left on device', 'system', 'no space left'],
    ['Segmentation fault (core dumped)', 'system', 'segmentation fault'],
    ['Input/output error on /dev/sda', 'system', 'input/output error'],
    ['upstream answered HTTP/1.1 503', 'system', 'http/1.1 503'],
    ['java.lang.NullPointerException at Foo.bar', 'failure', 'nullpointerexception'],
    ['Failed to renew lease', 'failure', 'failed'],
    ['Unable to open config', 'failure', 'unable'],
    ['open /etc/app.yml: No such file or directory', 'client', 'no such file or directory'],
    ['login: Permission denied', 'client', 'permission denied'],
    ['GET /x status 404', 'client', 'status 404'],
  ] as const)('%s → %s (%s)', (text, cls, word) => {
    expect(scanText(text)[cls]).toBe(word);
  });

  it.each([
    'User alice logged in',
    'GET /index.html 200 12ms',
    'Starting worker pool with 8 threads',
  ])('finds nothing in %s', (text) => {
    const match = scanText(text);
    expect([match.system, match.failure, match.client]).toEqual([null, null, null]);
  });

  it('marks benign phrasing', () => {
    expect(scanText('instruction cache parity error corrected').benign).toBe(true);
    expect(scanText('job finished with 0 errors').benign).toBe(true);
    expect(scanText('disk error on sda').benign).toBe(false);
  });

  it('knows its own words for new-keyword detection', () => {
    expect(KNOWN_WORDS.has('refused')).toBe(true);
    expect(KNOWN_WORDS.has('timed')).toBe(true);
    expect(KNOWN_WORDS.has('tlb')).toBe(false);
  });
});

describe('isDumpLine', () => {
  it.each([
    ['instruction address: 0x00004ed8', true],
    ['machine check: i-fetch......................0', true],
    ['program interrupt: privileged instruction...0', true],
    ['size of scratchpad portion of L3.........0 (0M)', true],
    ['Loading modules... done', false],
    ['r24=0x0ffea4c8 r25=0x00000003 r26=0x0000000f r27=0xffffd000', true],
    ['lr:00004ed0 cr:28244842 xer:20000002 ctr:00086000', true],
    ['special purpose registers:', true],
    ['data TLB error interrupt', false],
    [
      'Error receiving packet, expecting type 57 (softheader=00131db8) PSR0=00001f01 PSR1=00000000',
      false,
    ],
    ['level=error msg="connection refused" host=db1 port=5432', false],
    ['Connection refused: db-1', false],
  ] as const)('%s → %s', (text, expected) => {
    expect(isDumpLine(text)).toBe(expected);
  });
});
