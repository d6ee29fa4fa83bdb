import { siteConfig } from '../../site.config';
import type { Language } from '../content/model';
import { translate } from '../i18n/translate';

/** The page title and description in a language (the client updates them when the language changes). */
export function headText(lang: Language) {
  const vars = { artist: siteConfig.artist.name, location: siteConfig.artist.location[lang] };
  return {
    title: translate(lang, 'meta.title', vars),
    description: translate(lang, 'meta.description', vars),
    imageAlt: translate(lang, 'meta.ogImageAlt', vars),
  };
}
