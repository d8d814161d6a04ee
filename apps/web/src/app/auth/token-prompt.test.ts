import { describe, expect, it, vi } from 'vitest';
import { createTokenPrompt } from './token-prompt';

describe('createTokenPrompt', () => {
  it('opens a request, notifies, and resolves with the trimmed answer', async () => {
    const prompt = createTokenPrompt();
    const listener = vi.fn();
    prompt.subscribe(listener);

    const answer = prompt.ask('The API token is not valid');
    expect(prompt.current()).toEqual({ problem: 'The API token is not valid' });
    expect(listener).toHaveBeenCalledTimes(1);

    prompt.answer('  secret ');
    await expect(answer).resolves.toBe('secret');
    expect(prompt.current()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it.each([null, '', '   '])('treats %j as a cancel', async (token) => {
    const prompt = createTokenPrompt();
    const answer = prompt.ask(null);
    prompt.answer(token);
    await expect(answer).resolves.toBeNull();
  });

  it('cancels an older request when asked again', async () => {
    const prompt = createTokenPrompt();
    const first = prompt.ask(null);
    const second = prompt.ask('again');
    await expect(first).resolves.toBeNull();
    prompt.answer('t');
    await expect(second).resolves.toBe('t');
  });

  it('stops notifying after unsubscribe', () => {
    const prompt = createTokenPrompt();
    const listener = vi.fn();
    const unsubscribe = prompt.subscribe(listener);
    unsubscribe();
    void prompt.ask(null);
    expect(listener).not.toHaveBeenCalled();
  });
});
