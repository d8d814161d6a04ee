/** `rca.gemini.*` as the client reads them (mapped in settings/agent-configs.ts). */
export interface GeminiSettings {
  project: string;
  location: string;
  model: string;
  credentialsPath: string;
  temperature: number;
  topP: number;
  responseMimeType: string;
  /** Empty: https://{location}-aiplatform.googleapis.com. */
  apiEndpoint: string;
  /** Bound on each HTTP call (token exchange, generateContent). */
  timeoutSeconds: number;
}

/** Gemini is called only when a project and a credentials file are both set. */
export const isGeminiConfigured = (settings: GeminiSettings): boolean =>
  settings.project.trim() !== '' && settings.credentialsPath.trim() !== '';

/** The Vertex AI generateContent URL of the configured model. */
export function generateContentUrl(settings: GeminiSettings): string {
  const location = settings.location.trim();
  const base =
    settings.apiEndpoint.trim().replace(/\/+$/, '') ||
    `https://${location}-aiplatform.googleapis.com`;
  const path = [
    'v1/projects',
    encodeURIComponent(settings.project.trim()),
    'locations',
    encodeURIComponent(location),
    'publishers/google/models',
    `${encodeURIComponent(settings.model.trim())}:generateContent`,
  ].join('/');
  return `${base}/${path}`;
}
