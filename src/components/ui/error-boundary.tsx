import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorPanel } from './error-panel'
import { uiText } from './ui-messages'

interface Props {
  children: ReactNode
  /** Changing this value clears a caught error (e.g. the view changed). */
  resetKey?: unknown
}

interface State {
  error: Error | null
  resetKey: unknown
}

/** The last line of defence: a rendering crash shows a panel instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey }
    return null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // kept for whoever debugs: the component stack is the only clue to where it broke
    console.warn('The explorer caught a rendering error', error, info.componentStack)
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          title={uiText('crashTitle')}
          action={uiText('crashAction')}
          details={`${this.state.error.name}: ${this.state.error.message}`}
          onRetry={() => this.setState({ error: null })}
        />
      )
    }
    return this.props.children
  }
}
