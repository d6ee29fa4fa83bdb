import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CachedRead } from './cache';
import type { PublicContent } from './model';
import { EMPTY_CONTENT } from './page-data';

export interface ContentState {
  content: PublicContent;
  /** True while a backend is configured and nothing is cached yet. */
  loading: boolean;
}

const ContentContext = createContext<ContentState>({ content: EMPTY_CONTENT, loading: false });

/**
 * Provides the public content. `initial` is what the page was rendered with (so hydration matches);
 * when a cache is given and holds nothing yet, it is read once and the page updates.
 */
export function ContentProvider(props: { initial: PublicContent; cache?: CachedRead<PublicContent>; children: ReactNode }) {
  const { cache } = props;
  const [state, setState] = useState<ContentState>(() => ({
    content: props.initial,
    loading: Boolean(cache && !cache.peek()),
  }));
  useEffect(() => {
    if (!cache || cache.peek()) return;
    let live = true;
    void cache.get().then((content) => {
      if (live) setState({ content, loading: false });
    });
    return () => {
      live = false;
    };
  }, [cache]);
  return <ContentContext.Provider value={state}>{props.children}</ContentContext.Provider>;
}

export function useContent(): ContentState {
  return useContext(ContentContext);
}
