import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { loadChunk } from '../../lib/chunk';
import { ChunkFailed, loadBlock } from './lazy-block';
import type { Left } from './carry-over';
import { useNearViewport } from './use-near-viewport';

type Importer<P> = () => Promise<{ default: ComponentType<P> }>;

interface NearOptions {
  /**
   * How near the viewport the block's code loads (useNearViewport's margin; 400px by default). A block just below the
   * first screen takes 0px: it would be near before any scroll (docs/decisions/0053).
   */
  margin?: string;
}

const inBrowser = typeof document !== 'undefined';
const useBrowserLayoutEffect = inBrowser ? useLayoutEffect : useEffect;

/**
 * A block whose code loads only when it nears the viewport (not before the visitor's first interaction), rendered
 * whole by the server and the build. Until its code is there, the HTML the server rendered stays exactly as it was,
 * as plain HTML React does not own (its links work, its text shows): unlike a gated lazy block's dehydrated boundary,
 * which React replaces with its empty fallback when the language, the motion setting or the content changes before
 * it hydrates, nothing can clear it. Once loaded, the same markup is rendered in its place, now live (same layout,
 * no shift); the element that had the keyboard focus in it gets it back (a field with its caret), what was typed or
 * chosen in its fields meanwhile is carried over (a visitor who started on his e-mail before the code came loses
 * nothing), and a link or button clicked meanwhile (a quick visitor, the keyboard's Enter) is clicked again there,
 * once, instead of doing a plain link's default.
 *
 * A block the page does not hold (rendered in the browser only) loads at once, and every block does once the visitor
 * switches the language or the content is read afresh after the page loaded (Firebase). One instance per `name` on a page.
 */
export function nearBlock<P extends object>(name: string, importer: Importer<P>, options: NearOptions = {}) {
  const Lazy = lazy(() => loadBlock(name, importer));
  let loaded: ComponentType<P> | undefined;

  function ServerBlock(props: P) {
    return (
      <div data-block={name}>
        <Suspense>
          <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
        </Suspense>
      </div>
    );
  }

  function BrowserBlock(props: P) {
    // The server's markup of this block, taken once, before React renders anything in its place.
    const [html] = useState(() => document.querySelector(`[data-block="${name}"]`)?.innerHTML ?? '');
    const [Component, setComponent] = useState(() => loaded);
    const [failed, setFailed] = useState(0);
    const [attempt, setAttempt] = useState(0);
    const [ref, near] = useNearViewport<HTMLDivElement>(options.margin);
    // The visitor switched the language: the block comes live in it at once, not as the server's words once in view.
    const { switched = false } = useI18n();
    // Content read after the page loaded (Firebase: the build's HTML holds the content of its build): the block comes
    // live with it at once, so that it never shows the build's words in view (About, just below the first screen).
    const { content } = useContent();
    const [rendered] = useState(content);
    const renewed = content !== rendered;
    // The static markup as the visitor left it when the code came (what its fields held, where the focus was), and the
    // code that carries it over: loaded with the block's, not in the page's entry (./carry-over.ts).
    const [left, setLeft] = useState<{ left: Left; carry: typeof import('./carry-over') }>();
    // A link or button clicked in the static markup, by its place: clicked again once the block is live.
    const [clicked, setClicked] = useState(-1);

    useEffect(() => {
      if (Component || (!near && !switched && !renewed && clicked < 0 && html)) return;
      let live = true;
      Promise.all([loadBlock(name, importer), loadChunk('carry-over', () => import('./carry-over'))]).then(
        ([module, carry]) => {
          if (!live) return;
          loaded = module.default;
          setLeft({ left: carry.leftIn(ref.current), carry });
          setComponent(() => module.default);
        },
        () => live && setFailed((n) => n + 1),
      );
      return () => {
        live = false;
      };
    }, [Component, near, switched, renewed, clicked, html, attempt, ref]);

    // Once, as the live markup replaces the static one.
    useBrowserLayoutEffect(() => {
      if (!Component) return;
      left?.carry.carryOver(ref.current, left.left);
      if (clicked >= 0) focusables(ref.current)[clicked]?.click();
    }, [Component]);

    if (Component) {
      return (
        <div ref={ref} data-block={name}>
          <Component {...(props as P & React.JSX.IntrinsicAttributes)} />
        </div>
      );
    }
    return (
      <>
        <div
          ref={ref}
          data-block={name}
          dangerouslySetInnerHTML={{ __html: html }}
          onClick={(event) => {
            // A click before the code has come (the visitor was quick): kept for the live markup, not lost to a
            // plain link's default.
            const index = focusables(ref.current).indexOf((event.target as Element).closest<HTMLElement>('a[href], button')!);
            if (index < 0 || event.defaultPrevented) return;
            event.preventDefault();
            setClicked(index);
          }}
        />
        {failed > 0 && <ChunkFailed onRetry={() => setAttempt((n) => n + 1)} />}
      </>
    );
  }

  return inBrowser ? BrowserBlock : ServerBlock;
}

const focusables = (root: HTMLElement | null): HTMLElement[] => [...(root?.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]') ?? [])];
