import { describe, expect, it } from 'vitest';
import { homeOfField, parseSettingsLink, settingsSearch } from './deep-link';

const AGENTS = [
  'orchestrator',
  'anomaly_detector',
  'traceability',
  'rca',
  'remediation',
  'executor',
  'collaborator',
];
const parse = (search: string) => parseSettingsLink(new URLSearchParams(search), AGENTS);

describe('parseSettingsLink', () => {
  it('opens Global with nothing to focus when there are no parameters', () => {
    expect(parse('')).toEqual({
      tab: 'global',
      agent: null,
      section: null,
      field: null,
      highlight: null,
    });
  });

  it('reads a tab name', () => {
    expect(parse('?tab=integrations').tab).toBe('integrations');
    expect(parse('?tab=security').tab).toBe('security');
  });

  it('reads an agent id as the tab (the agent search result)', () => {
    expect(parse('?tab=executor&highlight=executor')).toMatchObject({
      tab: 'agents',
      agent: 'executor',
      highlight: 'executor',
    });
  });

  it('reads tab, section and field (the configuration search result)', () => {
    expect(
      parse(
        '?tab=anomaly_detector&section=Pub%2FSub&field=agents.anomaly_detector.pubsub.ack_deadline_seconds',
      ),
    ).toMatchObject({
      tab: 'agents',
      agent: 'anomaly_detector',
      section: 'Pub/Sub',
      field: 'agents.anomaly_detector.pubsub.ack_deadline_seconds',
    });
  });

  it('accepts `focus-field` for `field`', () => {
    expect(parse('?tab=global&focus-field=server.port').field).toBe('server.port');
  });

  it('finds the home of a field when no tab is given', () => {
    expect(parse('?field=security.jwt_expiry')).toMatchObject({ tab: 'security' });
    expect(parse('?field=agents.rca.max_evidence_items')).toMatchObject({
      tab: 'agents',
      agent: 'rca',
    });
  });

  it('opens the highlighted agent when only `highlight` is given', () => {
    expect(parse('?highlight=collaborator')).toMatchObject({
      tab: 'agents',
      agent: 'collaborator',
    });
  });

  it('picks the agent for tab=agents from highlight, then from the field', () => {
    expect(parse('?tab=agents&highlight=rca').agent).toBe('rca');
    expect(parse('?tab=agents&field=agents.executor.max_retries').agent).toBe('executor');
  });

  it('knows only the agents the server reported', () => {
    expect(parseSettingsLink(new URLSearchParams('?tab=executor'), ['rca']).tab).toBe('global');
  });

  it('ignores unknown tabs and agents instead of failing', () => {
    expect(parse('?tab=nope&highlight=ghost')).toMatchObject({
      tab: 'global',
      agent: null,
      highlight: null,
    });
  });
});

describe('homeOfField', () => {
  it.each([
    ['server.port', 'global', null],
    ['otel.base_url', 'global', null],
    ['safety_validation.kill_switch', 'security', null],
    ['agents.traceability.time_window_seconds', 'agents', 'traceability'],
    ['agents.unknown.x', 'global', null],
  ])('%s -> %s', (path, tab, agent) => {
    expect(homeOfField(path, AGENTS)).toEqual({ tab, agent });
  });
});

describe('settingsSearch', () => {
  it('round-trips through parseSettingsLink', () => {
    const search = settingsSearch({
      agent: 'executor',
      section: 'Rate Limit',
      field: 'agents.executor.rate_limit.window_minutes',
      highlight: 'executor',
    });
    expect(parse(search)).toEqual({
      tab: 'agents',
      agent: 'executor',
      section: 'Rate Limit',
      field: 'agents.executor.rate_limit.window_minutes',
      highlight: 'executor',
    });
    expect(settingsSearch({})).toBe('');
  });
});
