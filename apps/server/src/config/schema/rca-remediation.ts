import { defineSection } from '../field';
import { int, num, str } from './kinds';

/**
 * Root cause analysis is deterministic and evidence-based; Gemini, when configured, only
 * reviews it (an extra, labelled step). The `rca.gemini.*` keys are fixed by the spec.
 */
export const RCA_FIELDS = [
  ...defineSection(
    'agents.rca',
    { owner: 'rca', section: 'Analysis' },
    {
      analysis_timeout_seconds: int(
        60,
        1,
        300,
        'Time allowed for one root cause analysis; a Gemini review still running past it is abandoned and the evidence-based result kept.',
      ),
      max_evidence_items: int(20, 1, 200, 'Evidence items kept per analysis.'),
    },
  ),
  ...defineSection(
    'rca.gemini',
    { owner: 'rca', section: 'Gemini AI' },
    // Project + credentials set: Gemini reviews each RCA (an extra, labelled step) and validates
    // anomalies near the detector's decision threshold. Either empty: no call is made.
    {
      project: str('', 'Google Cloud project of the Gemini endpoint; empty = no Gemini calls.'),
      location: str('us-central1', 'Region of the Gemini (Vertex AI) endpoint.', {
        // It becomes part of the endpoint's host name.
        pattern: /^[a-z][a-z0-9-]*[a-z0-9]$/,
        patternMessage: 'Expected a region name such as us-central1',
      }),
      model: str('gemini-2.0-flash', 'Gemini model that reviews analyses and validates anomalies.'),
      credentials_path: str('', 'Service-account credentials file for Gemini.', { secret: true }),
      temperature: num(0, 0, 2, 'Sampling temperature of Gemini answers.'),
      top_p: num(0.1, 0, 1, 'Nucleus sampling of Gemini answers.'),
      response_mime_type: str('application/json', 'Response type asked from the model.'),
      api_endpoint: str(
        '',
        'Vertex AI REST base URL; empty = https://{location}-aiplatform.googleapis.com.',
        { pattern: /^(https?:\/\/[^\s/]+(\/\S*)?)?$/, patternMessage: 'Expected an http(s) URL' },
      ),
    },
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
