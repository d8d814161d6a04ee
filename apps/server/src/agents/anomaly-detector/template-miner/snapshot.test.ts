import { describe, expect, it } from 'vitest';
import { DEFAULT_MINER_CONFIG, resolveConfig } from './snapshot';

describe('resolveConfig', () => {
  it('fills defaults and keeps given values', () => {
    expect(resolveConfig({ maxClusters: 5 })).toEqual({ ...DEFAULT_MINER_CONFIG, maxClusters: 5 });
  });

  it('ignores undefined options', () => {
    expect(resolveConfig({ depth: undefined })).toEqual(DEFAULT_MINER_CONFIG);
  });

  it('lists every bad field at once', () => {
    expect(() =>
      resolveConfig({
        similarityThreshold: -1,
        depth: 0,
        maxChildren: 1,
        maxTokens: 1.5,
        slotMergeMinValues: -2,
      }),
    ).toThrow(/similarityThreshold.*depth.*maxChildren.*maxTokens.*slotMergeMinValues/);
  });
});
