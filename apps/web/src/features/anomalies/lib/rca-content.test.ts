import { describe, expect, it } from 'vitest';
import { parseRcaContent } from './rca-content';

const asContent = (...texts: string[]) => ({
  result: { content: texts.map((text) => ({ type: 'text', text })) },
});

describe('parseRcaContent', () => {
  it('reads the structured fields, evidence objects included', () => {
    const parsed = parseRcaContent({
      rca_summary: 'Root cause: orders-db.',
      root_cause: 'orders-db out of connections',
      root_component: 'orders-db',
      confidence: 0.92,
      evidence: [
        { kind: 'log', component: 'orders-db', summary: 'too many clients', source: 'anomaly:1' },
      ],
      analysis_steps: ['Collected failures', 'Ranked orders-db first'],
    });
    expect(parsed).toEqual({
      kind: 'structured',
      rca: {
        summary: 'Root cause: orders-db.',
        rootCause: 'orders-db out of connections',
        rootComponent: 'orders-db',
        confidence: 0.92,
        evidence: [
          { text: 'too many clients', kind: 'log', component: 'orders-db', source: 'anomaly:1' },
        ],
        steps: ['Collected failures', 'Ranked orders-db first'],
      },
    });
  });

  it('reads evidence given as plain strings', () => {
    const parsed = parseRcaContent({ root_cause: 'disk', evidence: ['df shows 100%'] });
    expect(parsed.kind === 'structured' && parsed.rca.evidence).toEqual([
      { text: 'df shows 100%', kind: null, component: null, source: null },
    ]);
  });

  it('reads a JSON block embedded in text content after the prefix', () => {
    const text =
      'Root Cause Analysis completed: here is the result\n```json\n' +
      '{"rca_summary":"Pool exhausted","root_cause":"leak","evidence":["e1"],"analysis_steps":["s1","s2"]}\n```';
    const parsed = parseRcaContent(asContent(text));
    expect(parsed).toMatchObject({
      kind: 'structured',
      rca: { summary: 'Pool exhausted', rootCause: 'leak', steps: ['s1', 's2'] },
    });
  });

  it('reads an unfenced JSON object in the text', () => {
    const parsed = parseRcaContent(asContent('Analysis: {"root_cause":"cert expired"} done'));
    expect(parsed).toMatchObject({ kind: 'structured', rca: { rootCause: 'cert expired' } });
  });

  it('shows the plain text when the embedded JSON does not parse', () => {
    const text = 'Root Cause Analysis completed: {"root_cause": broken';
    expect(parseRcaContent(asContent(text))).toEqual({
      kind: 'text',
      text: '{"root_cause": broken',
    });
  });

  it('shows free text without its prefix, joining the content items', () => {
    expect(
      parseRcaContent(asContent('Root Cause Analysis completed: The cache', 'evicted keys.')),
    ).toEqual({ kind: 'text', text: 'The cache\nevicted keys.' });
  });

  it.each([null, undefined, {}, asContent(), asContent('  '), 'Root Cause Analysis completed: '])(
    'has nothing to show for %j',
    (value) => {
      expect(parseRcaContent(value)).toEqual({ kind: 'none' });
    },
  );
});
