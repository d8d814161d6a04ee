import { describe, expect, it } from 'vitest';
import { agentAtPoint, layoutAgentNetwork } from './agent-network-layout';

const AGENTS = [
  'orchestrator',
  'anomaly_detector',
  'traceability',
  'remediation',
  'rca',
  'executor',
  'collaborator',
];

describe('layoutAgentNetwork', () => {
  const layout = layoutAgentNetwork(AGENTS, 800, 300);

  it('puts the orchestrator in the centre and the six agents around it', () => {
    expect(layout.hub).toMatchObject({ id: 'orchestrator', x: 400, y: 150 });
    expect(layout.spokes.map((node) => node.id)).toEqual(AGENTS.slice(1));
  });

  it('starts at the top and keeps every agent inside the canvas', () => {
    expect(layout.spokes[0]!.x).toBeCloseTo(400);
    expect(layout.spokes[0]!.y).toBeLessThan(150);
    for (const node of layout.spokes) {
      expect(node.x - node.radius).toBeGreaterThanOrEqual(0);
      expect(node.x + node.radius).toBeLessThanOrEqual(800);
      expect(node.y - node.radius).toBeGreaterThanOrEqual(0);
      expect(node.y + node.radius).toBeLessThanOrEqual(300);
    }
  });

  it('has no hub without an orchestrator', () => {
    expect(layoutAgentNetwork(['rca'], 400, 300).hub).toBeNull();
  });
});

describe('agentAtPoint', () => {
  const layout = layoutAgentNetwork(AGENTS, 800, 300);

  it('finds the agent under the point, with a little slack', () => {
    const rca = layout.spokes.find((node) => node.id === 'rca')!;
    expect(agentAtPoint(layout, rca.x, rca.y)).toBe('rca');
    expect(agentAtPoint(layout, rca.x + rca.radius + 4, rca.y)).toBe('rca');
    expect(agentAtPoint(layout, 400, 150)).toBe('orchestrator');
  });

  it('finds nothing over the background', () => {
    expect(agentAtPoint(layout, 5, 5)).toBeNull();
  });
});
