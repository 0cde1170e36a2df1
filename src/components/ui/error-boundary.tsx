import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorPanel } from './error-panel'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

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
      return <CrashPanel error={this.state.error} onRetry={() => this.setState({ error: null })} />
    }
    return this.props.children
  }
}

function CrashPanel({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useMessages(mainCatalogue)
  return (
    <ErrorPanel
      title={t('ui.crashTitle')}
      action={t('ui.crashAction')}
      details={`${error.name}: ${error.message}`}
      onRetry={onRetry}
    />
  )
}
