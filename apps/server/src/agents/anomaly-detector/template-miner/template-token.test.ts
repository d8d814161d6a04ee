import { describe, expect, it } from 'vitest';
import { extractValues, generaliseToken, matchesPattern, splitPieces } from './template-token';

describe('matchesPattern', () => {
  it.each([
    ['user=<*>', 'user=root', true],
    ['user=<*>', 'uid=root', false],
    ['(<*>)', '()', true],
    ['(<*>)', '(a.b)', true],
    ['(<*>)', '(a.b', false],
    ['<*>:<*>', 'a:b:c', true],
    ['<*>:Got', 'x:Got', true],
    ['<*>:Got', 'x:Gone', false],
    ['plain', 'plain', true],
    ['plain', 'plainer', false],
  ])('%j fits %j: %s', (pattern, token, fits) => {
    expect(matchesPattern(pattern, token)).toBe(fits);
  });
});

describe('extractValues', () => {
  it.each([
    ['<*>', 'anything', ['anything']],
    ['(HWID=<*>)', '(HWID=1973)', ['1973']],
    ['<*>:<*>', '10.0.0.1:80', ['10.0.0.1', '80']],
    ['Rect(<*>,', 'Rect(0,', ['0']],
    ['(<*>)', '()', ['']],
    ['user=<*>', 'something else', ['something else']],
  ])('%j on %j → %j', (pattern, token, values) => {
    const into: string[] = [];
    extractValues(pattern, token, into);
    expect(into).toEqual(values);
  });
});

describe('generaliseToken', () => {
  it.each([
    ['user=root', 'user=guest', 'user=<*>'],
    ['(<*>)', '(a.b.c)', '(<*>)'],
    ['node-<*>', 'MININT-<*>', '<*>'],
    ['<*>:Got', '<*>:Put', '<*>:<*>'],
    ['abc', 'xyz', '<*>'],
    ['<*>', 'anything', '<*>'],
    ['tty=NODEVssh', 'tty=:<*>', 'tty=<*>'],
  ])('%j + %j → %j', (a, b, expected) => {
    expect(generaliseToken(a, b)).toBe(expected);
  });

  it('splits words, variables and punctuation', () => {
    expect(splitPieces('a=<*>,b_1')).toEqual(['a', '=', '<*>', ',', 'b_1']);
  });
});
