import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBox } from './error-box';

type Props = { children: ReactNode; fallback?: ReactNode };
type State = { hasError: boolean };

/** Catches a render failure below it and shows the generic error box instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return this.props.fallback ?? <ErrorBox />;
    return this.props.children;
  }
}
