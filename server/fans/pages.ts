/**
 * The pages of the artist's own list the server answers with (docs/decisions/0035-fans-by-email.md, "The list"): a
 * sign-up sent without JavaScript ("check your inbox", or the form again), and the pages a mail's links open, each with
 * one button (a POST: mail scanners follow links, so a GET changes nothing). In the person's language, with the site's
 * inline style (its hash is in the CSP) and no script; React escapes everything a visitor sent.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { siteConfig } from '../../site.config';
import type { Language } from '../../src/content/constants';
import { FansForm, type FansFormProps } from '../../src/site/newsletter/fans-form';
import { fansWord, type FansWord } from '../../src/site/newsletter/fans-words';
import { escape, plainPage } from '../plain-page';

const artist = siteConfig.artist.name;

function shell(lang: Language, template: string | undefined, title: string, body: string): string {
  return plainPage({
    lang,
    template,
    title,
    section: 'newsletter',
    heading: `<p class="fans__artist">${escape(artist)}</p>\n<h1>${escape(title)}</h1>`,
    body,
    back: fansWord(lang, 'backToSite'),
    sameOriginReferrer: true,
  });
}

/** The answer to a sign-up sent without JavaScript: the form in a state (sent, again with an error, press again). */
export function signUpPage(lang: Language, form: Omit<FansFormProps, 'lang'>, template?: string): string {
  return shell(lang, template, fansWord(lang, 'pageTitle'), renderToStaticMarkup(createElement(FansForm, { lang, ...form })));
}

/** A link's page: one message and, when there is something to do, one button that POSTs to the same address. */
export function linkPage(lang: Language, options: { title: FansWord; text: FansWord; button?: FansWord; action?: string; template?: string }): string {
  const text = `<p class="fans__status" role="status">${escape(fansWord(lang, options.text, { artist }))}</p>`;
  const form =
    options.button && options.action
      ? `<form class="fans__action" method="post" action="${escape(options.action)}"><button type="submit" class="button button--primary">${escape(fansWord(lang, options.button))}</button></form>`
      : '';
  return shell(lang, options.template, fansWord(lang, options.title), text + form);
}
