import { describe, expect, it } from 'vitest';
import { formatSuccessRate, humanize, pageOfText, showingText } from './audit-text';

describe('audit texts', () => {
  it.each([
    [0, '0.0%'],
    [1, '100.0%'],
    [0.8765, '87.7%'],
    [1 / 3, '33.3%'],
  ])('success rate %d reads %s', (rate, text) => {
    expect(formatSuccessRate(rate)).toBe(text);
  });

  it.each([
    [1, 20, 57, 'Showing 1 to 20 of 57 entries'],
    [3, 20, 57, 'Showing 41 to 57 of 57 entries'],
    [1, 20, 0, 'Showing 0 to 0 of 0 entries'],
  ])('page %d of size %d over %d reads %j', (page, size, total, text) => {
    expect(showingText(page, size, total)).toBe(text);
  });

  it('reads Page n of m, never of 0', () => {
    expect(pageOfText(2, 3)).toBe('Page 2 of 3');
    expect(pageOfText(1, 0)).toBe('Page 1 of 1');
  });

  it('humanizes snake_case values', () => {
    expect(humanize('anomaly_detected')).toBe('Anomaly Detected');
    expect(humanize('success')).toBe('Success');
  });
});
