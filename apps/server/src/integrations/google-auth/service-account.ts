import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** The fields of a Google service-account key file that the token exchange needs. */
export const ServiceAccountKey = z.object({
  type: z.literal('service_account').optional(),
  project_id: z.string().optional(),
  private_key: z.string().min(1),
  client_email: z.string().min(1),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccountKey = z.infer<typeof ServiceAccountKey>;

/** A Google API failure named in words an operator can act on (the console shows it after "Failed"). */
export class GoogleApiError extends Error {
  override readonly name = 'GoogleApiError';
}

const MAX_KEY_FILE_BYTES = 64 * 1024;

export async function readServiceAccountKey(path: string): Promise<ServiceAccountKey> {
  if (path.trim() === '') throw new GoogleApiError('No credentials file is configured');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new GoogleApiError(`Cannot read the credentials file (${code})`);
  }
  if (text.length > MAX_KEY_FILE_BYTES) {
    throw new GoogleApiError('The credentials file is too large for a service-account key');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GoogleApiError('The credentials file is not JSON');
  }
  const parsed = ServiceAccountKey.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'file').join(', ');
    throw new GoogleApiError(`The credentials file is not a service-account key (${fields})`);
  }
  return parsed.data;
}
