import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('boom');
  return <p>fine</p>;
}

describe('ErrorBoundary', () => {
  // React and the boundary both report the caught error; keep the test output readable.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const fallback = (error: unknown) => <p>crashed: {(error as Error).message}</p>;

  it('shows the fallback with the error when a child throws', () => {
    render(
      <ErrorBoundary fallback={fallback}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    expect(screen.getByText('crashed: boom')).toBeTruthy();
  });

  it('recovers when the reset key changes', () => {
    const { rerender } = render(
      <ErrorBoundary fallback={fallback} resetKey="/dashboard">
        <Bomb explode />
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary fallback={fallback} resetKey="/audit">
        <Bomb explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
