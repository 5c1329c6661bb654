import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of the children once they threw while drawing; `retry` draws them again. */
  fallback: (retry: () => void) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

/**
 * Keeps an error thrown while drawing inside its own part of the page. The shell's few uses need only a fallback, a
 * retry and a report, so the boundary is these lines rather than a package on every page's first load.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  private readonly retry = (): void => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
