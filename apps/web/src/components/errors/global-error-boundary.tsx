import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '@/components/ui/error-view/error-view';
import { useDocumentTitle } from '@/lib/document-title';
import {
  describeError,
  isIgnorableRejection,
  isIgnorableWindowError,
  type ErrorSource,
} from './describe-error';

type GlobalErrorBoundaryProps = {
  children: ReactNode;
  /** Called by Retry before the app renders again, e.g. to let failed queries run again. */
  onReset?: () => void;
};

type GlobalErrorBoundaryState =
  { hasError: false } | { hasError: true; error: unknown; source: ErrorSource };

/**
 * Replaces the whole app with the error screen on any render error, uncaught error or unhandled
 * promise rejection (spec §4 "Global error"). Retry clears the error and renders the app again.
 */
export class GlobalErrorBoundary extends Component<
  GlobalErrorBoundaryProps,
  GlobalErrorBoundaryState
> {
  override state: GlobalErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(error: unknown): GlobalErrorBoundaryState {
    return { hasError: true, error, source: 'render' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The app failed to render', error, info.componentStack);
  }

  override componentDidMount(): void {
    window.addEventListener('error', this.onWindowError);
    window.addEventListener('unhandledrejection', this.onUnhandledRejection);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('error', this.onWindowError);
    window.removeEventListener('unhandledrejection', this.onUnhandledRejection);
  }

  private onWindowError = (event: ErrorEvent) => {
    if (isIgnorableWindowError(event)) return;
    this.setState({ hasError: true, error: event.error ?? event.message, source: 'window' });
  };

  private onUnhandledRejection = (event: PromiseRejectionEvent) => {
    if (isIgnorableRejection(event.reason)) return;
    this.setState({ hasError: true, error: event.reason, source: 'window' });
  };

  private retry = () => {
    this.props.onReset?.();
    this.setState({ hasError: false });
  };

  private back = () => {
    // Render again only once the previous address is current, or the failing screen would rerun.
    window.addEventListener('popstate', this.retry, { once: true });
    window.history.back();
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const { message, details } = describeError(this.state.error, this.state.source);
    return (
      <ErrorScreen message={message} details={details} onRetry={this.retry} onBack={this.back} />
    );
  }
}

type ErrorScreenProps = {
  message: string;
  details?: string;
  onRetry: () => void;
  onBack: () => void;
};

/** The whole-page error, its tab named 'Error' in the reader's language. */
function ErrorScreen(props: ErrorScreenProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('error.title'));
  return <ErrorView fullPage {...props} />;
}
