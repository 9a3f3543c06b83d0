import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { InvalidResponseError } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { GlobalErrorBoundary } from './global-error-boundary';

let failure: unknown = null;

function Screen() {
  if (failure !== null) throw failure;
  return <p>The app works</p>;
}

function renderApp(onReset?: () => void) {
  return render(
    <GlobalErrorBoundary onReset={onReset}>
      <Screen />
    </GlobalErrorBoundary>,
  );
}

beforeEach(() => {
  failure = null;
  // React reports errors caught by a boundary on the console; the test looks at the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('GlobalErrorBoundary', () => {
  it("replaces the app with the error's message on a render error, and Retry renders it again", async () => {
    const onReset = vi.fn();
    failure = new Error('Something broke while rendering');
    renderApp(onReset);

    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something broke while rendering');
    expect(screen.queryByText('The app works')).not.toBeInTheDocument();

    failure = null;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByText('The app works')).toBeInTheDocument();
  });

  it("says 'An unexpected error occurred' when the error has no message", () => {
    failure = new Error('');
    renderApp();

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.unexpectedError);
  });

  it('shows the details of a broken answer', () => {
    failure = new InvalidResponseError(
      'Unexpected answer from GET /auth/me',
      '✖ username: expected string',
    );
    renderApp();

    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected answer from GET /auth/me');
    expect(screen.getByLabelText('Details')).toHaveTextContent('username: expected string');
  });

  it('catches uncaught errors outside rendering', () => {
    renderApp();

    act(() => {
      window.dispatchEvent(
        new ErrorEvent('error', { error: new Error('Handler failed'), message: 'Handler failed' }),
      );
    });

    expect(screen.getByRole('alert')).toHaveTextContent('Handler failed');
  });

  it('uses the window fallback message when an uncaught error carries nothing useful', () => {
    renderApp();

    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    });

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.windowErrorFallback);
  });

  it('catches unhandled promise rejections', () => {
    renderApp();

    act(() => {
      const event = new Event('unhandledrejection') as Event & { reason?: unknown };
      event.reason = new Error('Nobody awaited this');
      window.dispatchEvent(event);
    });

    expect(screen.getByRole('alert')).toHaveTextContent('Nobody awaited this');
  });

  it('ignores browser noise that is not an app failure', () => {
    renderApp();

    act(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'ResizeObserver loop completed with undelivered notifications.',
        }),
      );
    });

    expect(screen.getByText('The app works')).toBeInTheDocument();
  });

  it('speaks Chinese: the title, the fallback message, the buttons and the tab', async () => {
    await changeLanguage('zh-CN', false);
    failure = new Error('');
    renderApp();

    expect(screen.getByRole('heading', { name: '错误' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('发生了意外错误');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('错误 · Symposia'));
  });
});
