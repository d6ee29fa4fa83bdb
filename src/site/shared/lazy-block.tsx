import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { wordsReady } from '../../i18n/translate';
import { loadChunk } from '../../lib/chunk';

type Importer<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A block's code, with the words it may use: the shown language's whole dictionary (the page's HTML carries only its
 * entry's words, src/i18n/first-words.ts), fetched beside the code, once for the page. Either failing is the block's
 * failure (ChunkLoadError: the message and Try again).
 */
export const loadBlock = <T,>(chunk: string, importer: () => Promise<T>): Promise<T> =>
  loadChunk(chunk, () => Promise.all([importer(), wordsReady()]).then(([module]) => module));

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
  const load = () => (gate ? gate.then(() => loadBlock(chunk, importer)) : loadBlock(chunk, importer));
  // The block's code once it has come: a block rendered after that renders it at once, with no suspending (an empty
  // place for a moment, which would move what follows).
  let ready: ComponentType<P> | undefined;
  const make = () =>
    lazy(() =>
      load().then((module) => {
        ready = module.default;
        return module;
      }),
    );
  let initial: ReturnType<typeof make> | undefined;

  function LazyBlock(props: P & { fallback?: ReactNode }) {
    const { fallback = null, ...rest } = props;
    const [attempt, setAttempt] = useState(0);
    const [Loaded, setLoaded] = useState<ComponentType<P>>(() => ready ?? (initial ??= make()));
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
  }
  /** Brings the block's code (after the gate) before it is rendered: it then renders at once. */
  const preload = () => load().then((module) => void (ready = module.default));
  return Object.assign(LazyBlock, { preload });
}
