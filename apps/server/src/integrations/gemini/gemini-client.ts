import { z } from 'zod';
import { createTokenCache, type TokenCache } from '../google-auth/access-token';
import { callJson, type HttpPool } from '../google-auth/google-http';
import { GoogleApiError } from '../google-auth/service-account';
import { generateContentUrl, isGeminiConfigured, type GeminiSettings } from './gemini-settings';

export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** The part of a Vertex AI generateContent answer the client reads. */
const GenerateContentResponse = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({ parts: z.array(z.object({ text: z.string().optional() })).default([]) })
          .optional(),
        finishReason: z.string().optional(),
      }),
    )
    .default([]),
  promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
  modelVersion: z.string().optional(),
});

export interface GeminiPrompt {
  /** The role and the answer format asked for. */
  system: string;
  /** The facts to judge. */
  user: string;
}

export interface GeminiAnswer<T> {
  value: T;
  /** The model that answered (its reported version, else the configured name). */
  model: string;
}

export interface GeminiClient {
  /** Current settings say Gemini may be called. */
  configured(): boolean;
  /** The configured model's name, for labels. */
  model(): string;
  /** Asks the model and validates its JSON answer with `schema`; throws GoogleApiError naming the problem. */
  generateJson<T>(prompt: GeminiPrompt, schema: z.ZodType<T>): Promise<GeminiAnswer<T>>;
}

export interface GeminiClientOptions {
  /** Read on every call: live settings. */
  settings: () => GeminiSettings;
  now?: () => number;
  pool?: HttpPool;
  tokens?: TokenCache;
}

/** A model asked for JSON as text/plain may still wrap it in a Markdown fence. */
const unfenced = (text: string): string =>
  text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');

function answerText(body: unknown): { text: string; modelVersion: string | null } {
  const parsed = GenerateContentResponse.safeParse(body);
  if (!parsed.success) throw new GoogleApiError('Gemini answered in an unexpected shape');
  const { candidates, promptFeedback, modelVersion } = parsed.data;
  if (promptFeedback?.blockReason)
    throw new GoogleApiError(`Gemini blocked the prompt (${promptFeedback.blockReason})`);
  const first = candidates[0];
  const text = (first?.content?.parts ?? []).map((part) => part.text ?? '').join('');
  if (text.trim() === '')
    throw new GoogleApiError(
      `Gemini answered without text${first?.finishReason ? ` (finishReason ${first.finishReason})` : ''}`,
    );
  return { text, modelVersion: modelVersion ?? null };
}

/**
 * Vertex AI Gemini over REST: a service-account token (cloud-platform scope, cached until shortly
 * before expiry) and `generateContent` with the configured generationConfig.
 */
export function createGeminiClient(options: GeminiClientOptions): GeminiClient {
  const now = options.now ?? Date.now;
  const tokens = options.tokens ?? createTokenCache(now);
  const pool = options.pool ? { pool: options.pool } : {};
  return {
    configured: () => isGeminiConfigured(options.settings()),
    model: () => options.settings().model,
    async generateJson(prompt, schema) {
      const settings = options.settings();
      if (!isGeminiConfigured(settings))
        throw new GoogleApiError('Gemini is not configured (rca.gemini.project, credentials_path)');
      // One budget for the whole question: token exchange and generateContent together.
      const timeoutMs = settings.timeoutSeconds * 1_000;
      const deadline = Date.now() + timeoutMs;
      const { token } = await tokens.get({
        credentialsPath: settings.credentialsPath,
        scope: CLOUD_PLATFORM_SCOPE,
        timeoutMs,
        ...pool,
      });
      const body = await callJson(
        generateContentUrl(settings),
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            systemInstruction: { parts: [{ text: prompt.system }] },
            contents: [{ role: 'user', parts: [{ text: prompt.user }] }],
            generationConfig: {
              temperature: settings.temperature,
              topP: settings.topP,
              responseMimeType: settings.responseMimeType,
            },
          }),
        },
        { timeoutMs: Math.max(1, deadline - Date.now()), what: 'Gemini API', ...pool },
      );
      const { text, modelVersion } = answerText(body);
      let json: unknown;
      try {
        json = JSON.parse(unfenced(text));
      } catch {
        throw new GoogleApiError('Gemini answered with text that is not JSON');
      }
      const value = schema.safeParse(json);
      if (!value.success) {
        const fields = value.error.issues.map((i) => i.path.join('.') || 'answer').join(', ');
        throw new GoogleApiError(
          `Gemini's JSON answer does not fit the expected shape (${fields})`,
        );
      }
      return { value: value.data, model: modelVersion ?? settings.model };
    },
  };
}
