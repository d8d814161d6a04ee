import { describe, expect, it } from 'vitest';
import {
  SEVERITY_SHORT_NAMES,
  resolveSeverity,
  severityNumberFor,
  severityTextFor,
} from './severity';

describe('severity', () => {
  it('names every SeverityNumber the way the spec does', () => {
    expect(SEVERITY_SHORT_NAMES).toHaveLength(25);
    expect([1, 4, 5, 9, 12, 13, 17, 20, 21, 24].map(severityTextFor)).toEqual([
      'TRACE',
      'TRACE4',
      'DEBUG',
      'INFO',
      'INFO4',
      'WARN',
      'ERROR',
      'ERROR4',
      'FATAL',
      'FATAL4',
    ]);
    expect([0, 25, -1, 1.5].map(severityTextFor)).toEqual(['', '', '', '']);
  });

  it.each([
    ['TRACE', 1],
    ['finest', 1],
    ['verbose', 2],
    ['V', 2],
    ['debug', 5],
    ['D', 5],
    ['fine', 5],
    ['info', 9],
    ['INFORMATION', 9],
    ['I', 9],
    ['notice', 10],
    ['Warn', 13],
    ['WARNING', 13],
    ['W', 13],
    ['error', 17],
    ['ERR', 17],
    ['E', 17],
    ['SEVERE', 17],
    ['critical', 18],
    ['crit', 18],
    ['FATAL', 21],
    ['alert', 21],
    ['emerg', 22],
    ['panic', 22],
    ['F', 21],
    ['ERROR2', 18],
    ['warn3', 15],
    ['INFO4', 12],
    ['SEVERITY_NUMBER_DEBUG3', 7],
    ['SEVERITY_NUMBER_UNSPECIFIED', 0],
    ['combo', 0],
    ['', 0],
    ['x'.repeat(100), 0],
    ['error5', 0],
    ['notice2', 0],
  ])('%s → %i', (word, number) => {
    expect(severityNumberFor(word)).toBe(number);
  });

  it.each([
    [17, '', 17, 'ERROR'],
    [0, 'warning', 13, 'warning'],
    [14, 'custom', 14, 'custom'],
    [30, 'info', 9, 'info'],
    [-3, '', 0, ''],
    [0, 'combo', 0, 'combo'],
  ])('resolveSeverity(%i, %j) → %i %j', (number, text, expectedNumber, expectedText) => {
    expect(resolveSeverity(number, text)).toEqual({
      severityNumber: expectedNumber,
      severityText: expectedText,
    });
  });
});
