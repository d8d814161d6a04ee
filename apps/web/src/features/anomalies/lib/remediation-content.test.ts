import { describe, expect, it } from 'vitest';
import { parseRemediationContent } from './remediation-content';

const asContent = (text: string) => ({ result: { content: [{ type: 'text', text }] } });

describe('parseRemediationContent', () => {
  it('reads the structured lists', () => {
    expect(
      parseRemediationContent({
        remediation_steps: ['Restart the pool'],
        preventive_measures: ['Alert at 80%'],
        verification: ['No new errors'],
        matched_actions: [],
      }),
    ).toEqual({
      kind: 'structured',
      remediation: {
        steps: ['Restart the pool'],
        preventive: ['Alert at 80%'],
        verification: ['No new errors'],
        intro: null,
      },
    });
  });

  it('reads text with bold headings and numbered items after the prefix', () => {
    const text = [
      'Remediation completed: plan for orders-db',
      '',
      '**Remediation Plan**',
      '1. Terminate idle connections',
      '2. Recycle the callers’ pools',
      '   so they reconnect with sane limits',
      '**Preventive Measures:**',
      '1. Size pools below the server limit',
      '## **Verification**',
      '1) Connection count stays below the limit',
      '- No pool-timeout errors',
    ].join('\n');
    expect(parseRemediationContent(asContent(text))).toEqual({
      kind: 'structured',
      remediation: {
        intro: 'plan for orders-db',
        steps: [
          'Terminate idle connections',
          'Recycle the callers’ pools so they reconnect with sane limits',
        ],
        preventive: ['Size pools below the server limit'],
        verification: ['Connection count stays below the limit', 'No pool-timeout errors'],
      },
    });
  });

  it('shows text without that structure as it is', () => {
    expect(parseRemediationContent(asContent('Remediation completed: restart it.'))).toEqual({
      kind: 'text',
      text: 'restart it.',
    });
  });

  it('reads an embedded JSON block', () => {
    const text = 'Remediation completed: ```json\n{"remediation_steps":["Roll back"]}\n```';
    expect(parseRemediationContent(asContent(text))).toMatchObject({
      kind: 'structured',
      remediation: { steps: ['Roll back'], preventive: [], verification: [] },
    });
  });

  it.each([
    null,
    {},
    { remediation_steps: [], preventive_measures: [], verification: [] },
    asContent('Remediation completed:'),
  ])('has nothing to show for %j', (value) => {
    expect(parseRemediationContent(value)).toEqual({ kind: 'none' });
  });
});
