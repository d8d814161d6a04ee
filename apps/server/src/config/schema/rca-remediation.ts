import { defineSection } from '../field';
import { int, num, storedOnly, str } from './kinds';

/**
 * Root cause analysis is deterministic and evidence-based; Gemini, when configured, only
 * summarises the evidence. The `rca.gemini.*` keys are fixed by the spec.
 */
export const RCA_FIELDS = [
  ...defineSection(
    'agents.rca',
    { owner: 'rca', section: 'Analysis' },
    {
      analysis_timeout_seconds: int(60, 1, 300, 'Time allowed for one root cause analysis.', {
        usedByDeployment: false,
      }),
      max_evidence_items: int(20, 1, 200, 'Evidence items kept per analysis.'),
    },
  ),
  ...defineSection(
    'rca.gemini',
    { owner: 'rca', section: 'Gemini AI' },
    // No LLM client runs in this deployment: the analysis is deterministic (ARCHITECTURE.md).
    storedOnly({
      project: str('', 'Google Cloud project of the Gemini endpoint; empty = no LLM summary.'),
      location: str('us-central1', 'Region of the Gemini endpoint.'),
      model: str('gemini-2.0-flash', 'Gemini model used for summaries.'),
      credentials_path: str('', 'Service-account credentials file for Gemini.', { secret: true }),
      temperature: num(0, 0, 2, 'Sampling temperature of summaries.'),
      top_p: num(0.1, 0, 1, 'Nucleus sampling of summaries.'),
      response_mime_type: str('application/json', 'Response type asked from the model.'),
    }),
  ),
];

export const REMEDIATION_FIELDS = defineSection(
  'agents.remediation',
  { owner: 'remediation', section: 'Planning' },
  {
    max_recommendations: int(3, 1, 20, 'Approved actions proposed per incident.'),
    match_threshold: num(0.3, 0, 1, 'Match score below which an approved action is not proposed.'),
  },
);
