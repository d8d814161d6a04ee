import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { SettingsCallError } from '../api/settings-request';
import { saveFailureText, saveFieldErrors } from './save-errors';

const apiError = (status: number, body: unknown, detail: string | null = null) =>
  new ApiError({
    status,
    statusText: status === 400 ? 'Bad Request' : 'Error',
    detail,
    code: null,
    body,
  });

describe('saveFieldErrors', () => {
  it('reads the field list of a 400, wrapped or not', () => {
    const body = {
      errors: [{ path: 'server.port', message: 'Port must be between 1024 and 65535' }],
    };
    const expected = { 'server.port': 'Port must be between 1024 and 65535' };
    expect(saveFieldErrors(apiError(400, body))).toEqual(expected);
    expect(
      saveFieldErrors(new SettingsCallError('PUT', '/api/settings/global', apiError(400, body))),
    ).toEqual(expected);
  });

  it('answers nothing for other failures', () => {
    expect(saveFieldErrors(apiError(500, { errors: [{ path: 'a', message: 'b' }] }))).toEqual({});
    expect(saveFieldErrors(new Error('offline'))).toEqual({});
  });
});

describe('saveFailureText', () => {
  it('says which call failed, in the spec’s words, with the server’s detail', () => {
    const error = new SettingsCallError(
      'PUT',
      '/api/settings/agents/rca',
      apiError(404, {}, 'Unknown agent'),
    );
    expect(saveFailureText(error)).toBe(
      'Failed to PUT /api/settings/agents/rca: HTTP 404: Error (Unknown agent)',
    );
  });
});
