import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { changeErrorMessage, fetchErrorMessage } from './action-errors';

const apiError = (detail: string | null) =>
  new ApiError({ status: 400, statusText: 'Bad Request', detail, code: null, body: null });

describe('action error messages', () => {
  it("prefers the server's detail for a failed change", () => {
    expect(changeErrorMessage(apiError('name: Too small'), 'create')).toBe('name: Too small');
  });

  it('falls back to the verb and status text', () => {
    expect(changeErrorMessage(apiError(null), 'delete')).toBe(
      'Failed to delete action: Bad Request',
    );
  });

  it('reads fetch failures with the status text', () => {
    expect(fetchErrorMessage(apiError('ignored'), 'actions')).toBe(
      'Failed to fetch actions: Bad Request',
    );
  });

  it('keeps the message of a call that never got an answer', () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    expect(fetchErrorMessage(offline, 'actions')).toBe(
      'Could not reach the server: Failed to fetch',
    );
  });
});
