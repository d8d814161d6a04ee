import { describe, expect, it } from 'vitest';
import { fieldNorm } from './field-norm';

describe('fieldNorm', () => {
  it.each([
    ['one', 1],
    ['two words', 0.707],
    ['four  words\there\nnow', 0.5],
    ['   ', 1],
  ])('%j → %d', (value, norm) => {
    expect(fieldNorm(value)).toBe(norm);
  });
});
