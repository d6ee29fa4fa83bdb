import type { ReactNode } from 'react';
import { useReveal } from './use-reveal';

/** A page section: an anchor target that takes focus, titled by its h2, revealed once on entering view. */
export function Section(props: { id: string; title: string; children: ReactNode }) {
  const ref = useReveal<HTMLElement>();
  return (
    <section ref={ref} id={props.id} className={`section section--${props.id}`} tabIndex={-1} aria-labelledby={`${props.id}-title`}>
      <div className="section__inner">
        <h2 id={`${props.id}-title`} className="section__title">
          {props.title}
        </h2>
        {props.children}
      </div>
    </section>
  );
}
