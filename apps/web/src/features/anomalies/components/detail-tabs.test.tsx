import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnomaly, makeOrchestratorData } from '../lib/test-factories';
import { IncidentTab } from './incident-tab';
import { RcaTab } from './rca-tab';
import { RemediationTab } from './remediation-tab';
import { TraceabilityTab } from './traceability-tab';

const asContent = (text: string) => ({ result: { content: [{ type: 'text', text }] } });

describe('the detail tabs without data', () => {
  it('say so in the spec words', () => {
    const anomaly = makeAnomaly();
    render(
      <>
        <IncidentTab anomaly={anomaly} />
        <RcaTab rcaData={anomaly.rca_data} />
        <RemediationTab remediationData={anomaly.remediation_data} />
        <TraceabilityTab data={anomaly.traceability_data} />
      </>,
    );
    for (const text of [
      'No incident information available.',
      'No RCA data available.',
      'No remediation steps available.',
      'No traceability data available.',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });
});

describe('IncidentTab', () => {
  it('names a suppressed event Secondary and shows why it was suppressed', () => {
    const anomaly = makeAnomaly({
      orchestrator_data: makeOrchestratorData({
        event_is_primary: false,
        suppression_reason: 'duplicate inside the dedup window',
      }),
    });
    render(<IncidentTab anomaly={anomaly} />);
    expect(screen.getByText('Incident #7')).toBeTruthy();
    expect(screen.getByText('Secondary (suppressed)')).toBeTruthy();
    expect(screen.getByText('duplicate inside the dedup window')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('RcaTab and RemediationTab with text content', () => {
  it('show free RCA text as it is', () => {
    render(<RcaTab rcaData={asContent('Root Cause Analysis completed: the cache evicted keys')} />);
    expect(screen.getByText('the cache evicted keys')).toBeTruthy();
  });

  it('list the remediation sections parsed from text', () => {
    const text =
      'Remediation completed:\n**Remediation Plan**\n1. Restart the pool\n**Verification**\n1. No errors';
    render(<RemediationTab remediationData={asContent(text)} />);
    expect(screen.getByRole('heading', { name: 'Remediation steps' })).toBeTruthy();
    expect(screen.getByText('Restart the pool')).toBeTruthy();
    expect(screen.getByText('No errors')).toBeTruthy();
  });
});
