import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  /** What to show instead of the children; without it, the whole page shows the crash. */
  fallback?: (error: Error) => ReactNode;
  /** A change of it draws the children again (e.g. another history on screen): what failed may not fail now. */
  resetKey?: unknown;
}

/** A render error shows what broke instead of a blank page: in place of the part that broke, given a fallback. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(this.props.fallback ? 'msgscope could not draw part of the page' : 'msgscope crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error);
    return (
      <div className="crash" role="alert" data-testid="crash">
        <h1>msgscope hit an error</h1>
        <p>{error.message}</p>
        {error.stack && <pre>{error.stack}</pre>}
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
