import { describe, expect, it } from 'vitest';
import { CATEGORIES, SAMPLE_RECOMMENDATIONS, filterRecommendations } from './sample-data';

describe('filterRecommendations', () => {
  it('keeps everything for all', () => {
    expect(filterRecommendations(SAMPLE_RECOMMENDATIONS, 'all')).toEqual(SAMPLE_RECOMMENDATIONS);
  });

  it.each(CATEGORIES)('keeps only %s', (category) => {
    const kept = filterRecommendations(SAMPLE_RECOMMENDATIONS, category);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((recommendation) => recommendation.category === category)).toBe(true);
  });
});
