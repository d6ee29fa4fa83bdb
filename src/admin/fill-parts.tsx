import { Fragment, type ReactNode } from 'react';

/** A phrase whose `{placeholders}` are elements (a `<code>`, a link): the text around them stays in the phrase's order. */
export function fillParts(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{(\w+)\}/g).map((piece, i) => (i % 2 ? <Fragment key={i}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece));
}
