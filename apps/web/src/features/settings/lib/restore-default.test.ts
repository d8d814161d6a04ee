import { SECRET_MARKER } from '@vigil/contract';
import { describe, expect, it, vi } from 'vitest';
import type { FieldMeta } from './config-types';
import { testFieldMeta } from './test-field-meta';
import { defaultText, differsFromDefault, restoreDefaultOf } from './restore-default';

describe('differsFromDefault', () => {
  it('is true only when the stored value is not the default', () => {
    expect(differsFromDefault({ defaultValue: 30 }, 45)).toBe(true);
    expect(differsFromDefault({ defaultValue: 30 }, 30)).toBe(false);
    expect(differsFromDefault({ defaultValue: ['a', 'b'] }, ['a', 'b'])).toBe(false);
    expect(differsFromDefault({ defaultValue: ['a', 'b'] }, ['a'])).toBe(true);
    expect(differsFromDefault({ defaultValue: '' }, SECRET_MARKER)).toBe(true);
    expect(differsFromDefault({}, 45)).toBe(false);
    expect(differsFromDefault({ defaultValue: 30 }, undefined)).toBe(false);
  });
});

describe('defaultText', () => {
  it('names lists, empty strings and scalars readably', () => {
    expect(defaultText(['a', 'b'])).toBe('a, b');
    expect(defaultText([])).toBe('an empty list');
    expect(defaultText('')).toBe('empty');
    expect(defaultText(false)).toBe('false');
    expect(defaultText(0.7)).toBe('0.7');
  });
});

describe('restoreDefaultOf', () => {
  const field = (path: string, defaultValue?: FieldMeta['defaultValue']): FieldMeta =>
    testFieldMeta(path, { defaultValue });

  it('saves the default of the named field, and nothing for a field without one', async () => {
    const restore = vi.fn(async () => 'saved');
    const fields = [field('a.timeout', 30), field('a.other')];
    await expect(restoreDefaultOf(fields, 'a.timeout', restore)).resolves.toBe('saved');
    expect(restore).toHaveBeenCalledWith('a.timeout', 30);
    await expect(restoreDefaultOf(fields, 'a.other', restore)).resolves.toBeNull();
    await expect(restoreDefaultOf(fields, 'a.missing', restore)).resolves.toBeNull();
    expect(restore).toHaveBeenCalledTimes(1);
  });
});
