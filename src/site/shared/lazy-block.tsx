import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { loadChunk } from '../../lib/chunk';

type Importer<P> = () => Promise<{ default: ComponentType<P> }>;

class ChunkBoundary extends Component<{ fallback: (error: Error) => ReactNode; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** A lazy part that could not be loaded: says so and offers to try again. */
export function ChunkFailed(props: { onRetry(): void }) {
  const { t } = useI18n();
  return (
    <div className="chunk-failed" role="alert">
      <p>{t('chunk.failed')}</p>
      <button type="button" className="button button--secondary" onClick={props.onRetry}>
        {t('chunk.retry')}
      </button>
    </div>
  );
}

/**
 * A lazily loaded block. A chunk that fails to load (or takes over 120 s) shows a message and a
 * Try again button that imports it afresh; the rest of the page is untouched. With a `gate`, the import
 * waits for it (the 120 s count from then): while it waits, a block the HTML already holds stays as it
 * was rendered, not hydrated.
 */
export function lazyBlock<P extends object>(chunk: string, importer: Importer<P>, gate?: Promise<void>) {
  const make = () => lazy(() => (gate ? gate.then(() => loadChunk(chunk, importer)) : loadChunk(chunk, importer)));
  let initial: ReturnType<typeof make> | undefined;

  return function LazyBlock(props: P & { fallback?: ReactNode }) {
    const { fallback = null, ...rest } = props;
    const [attempt, setAttempt] = useState(0);
    const [Loaded, setLoaded] = useState(() => (initial ??= make()));
    const retry = () => {
      const next = make();
      initial = next;
      setLoaded(() => next);
      setAttempt(attempt + 1);
    };
    return (
      <ChunkBoundary key={attempt} fallback={() => <ChunkFailed onRetry={retry} />}>
        <Suspense fallback={fallback}>
          <Loaded {...(rest as P & React.JSX.IntrinsicAttributes)} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}
