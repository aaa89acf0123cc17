import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

// React reports caught render errors on the console; the boundary logs them too.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('<RouteErrorBoundary>', () => {
  it('offers a reload when a page chunk failed to load', () => {
    render(
      <RouteErrorBoundary resetKey="/login">
        <Throws
          error={new TypeError('Failed to fetch dynamically imported module: /assets/login-page-x.js')}
        />
      </RouteErrorBoundary>,
    );
    expect(screen.getByTestId('route-error-chunkError')).toBeTruthy();
    expect(screen.getByText('This page could not load')).toBeTruthy();
    expect(screen.getByTestId('route-error-reload')).toBeTruthy();
  });

  it('shows a generic message for other errors and clears it on another route', () => {
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Throws error={new Error('boom')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByTestId('route-error-pageError')).toBeTruthy();
    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>Next page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Next page')).toBeTruthy();
  });
});
