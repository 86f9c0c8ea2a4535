import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';

interface State {
  error: Error | null;
}

/** Keeps one broken screen from taking the shell down; the other tabs stay usable. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('[screen]', error.message, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
        <p>{this.state.error.message}</p>
        <Button onClick={() => this.setState({ error: null })}>{i18n.t('common.retry')}</Button>
      </div>
    );
  }
}
