import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerTokenRequest,
  checkBearer,
  readBody,
  sendJson,
} from '../google-auth/local-google-auth';
import { writeServiceAccountKey } from '../google-auth/local-google-auth';
import { CLOUD_PLATFORM_SCOPE } from './gemini-client';
import type { GeminiSettings } from './gemini-settings';

export { writeServiceAccountKey } from '../google-auth/local-google-auth';

export interface RecordedGenerate {
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    contents?: { role?: string; parts?: { text?: string }[] }[];
    systemInstruction?: { parts?: { text?: string }[] };
    generationConfig?: Record<string, unknown>;
  };
}

/** What the stand-in's "model" does with one request: the JSON text it answers, or an HTTP error. */
export type LocalModel = (
  request: RecordedGenerate,
) =>
  | { text: string }
  | { status: number; message: string }
  | { raw: unknown }
  | Promise<{ text: string } | { status: number; message: string } | { raw: unknown }>;

export interface LocalGemini {
  server: Server;
  url: string;
  /** Every request line, token exchanges included. */
  calls: string[];
  /** The generateContent requests, in order. */
  generated: RecordedGenerate[];
  /** Replace to change how the model answers. */
  model: LocalModel;
}

const GENERATE_PATH =
  /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/[^/:]+:generateContent$/;

/**
 * Test helper: a local server speaking Google's OAuth token exchange (verifying the RS256
 * signature) and Vertex AI `generateContent`, the way the real endpoints frame their answers.
 * The test decides what the model says (`model`).
 */
export function startLocalGemini(model: LocalModel): Promise<LocalGemini> {
  const state: LocalGemini = {
    server: createServer(),
    url: '',
    calls: [],
    generated: [],
    model,
  };
  state.server.on('request', (request, response) => {
    void (async () => {
      const url = request.url ?? '';
      state.calls.push(`${request.method} ${url}`);
      if (request.method === 'POST' && url === '/token')
        return void (await answerTokenRequest(request, response, CLOUD_PLATFORM_SCOPE));
      if (!checkBearer(request, response)) return;
      if (request.method !== 'POST' || !GENERATE_PATH.test(url))
        return sendJson(response, 404, { error: { code: 404, message: `Not found: ${url}` } });
      const recorded: RecordedGenerate = {
        url,
        headers: request.headers,
        body: JSON.parse(await readBody(request)) as RecordedGenerate['body'],
      };
      state.generated.push(recorded);
      const answer = await state.model(recorded);
      if ('status' in answer)
        return sendJson(response, answer.status, {
          error: { code: answer.status, message: answer.message },
        });
      if ('raw' in answer) return sendJson(response, 200, answer.raw);
      return sendJson(response, 200, {
        candidates: [
          { content: { role: 'model', parts: [{ text: answer.text }] }, finishReason: 'STOP' },
        ],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
        modelVersion: url.slice(url.lastIndexOf('/') + 1, url.indexOf(':generateContent')),
      });
    })();
  });
  return new Promise((resolve) => {
    state.server.listen(0, '127.0.0.1', () => {
      const { port } = state.server.address() as AddressInfo;
      state.url = `http://127.0.0.1:${port}`;
      resolve(state);
    });
  });
}

/** Settings (the spec's defaults) pointing the real client at a local Gemini, with a key in `dir`. */
export async function localGeminiSettings(
  gemini: LocalGemini,
  dir: string,
  overrides: Partial<GeminiSettings> = {},
): Promise<GeminiSettings> {
  return {
    project: 'demo-project',
    location: 'us-central1',
    model: 'gemini-2.0-flash',
    credentialsPath: await writeServiceAccountKey(dir, gemini.url),
    temperature: 0,
    topP: 0.1,
    responseMimeType: 'application/json',
    apiEndpoint: gemini.url,
    timeoutSeconds: 2,
    ...overrides,
  };
}
