import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Told once per caught error (the release telemetry counts them per remote version). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

/** Catches a remote's render errors so one broken region never takes the page down. */
export class RegionErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('A remote region failed to render', error, info.componentStack);
    this.props.onError?.(error);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
