/**
 * The releases' list page (`/en/music/`, `/ro/muzica/`): the whole discography as the home page's grid, newest first,
 * with filters by kind and year (they need JavaScript: without it every release shows). Complete in the HTML before
 * any script (the server and the build render it); a lazy chunk.
 */
import { useId, useState } from 'react';
import { siteConfig } from '../../../site.config';
import { allReleases } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { parseLocal } from '../../content/zoned-time';
import { useI18n } from '../../i18n/i18n';
import { languagePath } from '../../preferences/language';
import { useNow } from '../shared/now';
import { musicWord, releaseCountWords } from './music-words';
import { ReleaseGrid } from './release-grid';

export default function MusicPage() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const id = useId();
  const [kind, setKind] = useState('');
  const [year, setYear] = useState('');
  const all = allReleases(content, now);
  const yearOf = (date: string) => String(parseLocal(date)?.year ?? '');
  const kinds = (['album', 'ep', 'single', 'video'] as const).filter((k) => all.some((r) => r.kind === k));
  const years = [...new Set(all.map((r) => yearOf(r.date)).filter(Boolean))];
  const shown = all.filter((r) => (!kind || r.kind === kind) && (!year || yearOf(r.date) === year));
  return (
    <article className="release music-page" aria-labelledby="music-page-title">
      <h1 id="music-page-title" className="release__title">
        {musicWord(lang, 'title')}
      </h1>
      <p className="release__details">{musicWord(lang, 'lede', { artist: siteConfig.artist.name })}</p>
      <form className="music-page__filters if-script" aria-label={musicWord(lang, 'filters')} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-kind`}>{musicWord(lang, 'kind')}</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">{musicWord(lang, 'allKinds')}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`music.kind.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-year`}>{musicWord(lang, 'year')}</label>
        <select id={`${id}-year`} value={year} onChange={(e) => setYear(e.target.value)}>
          <option value="">{musicWord(lang, 'allYears')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <output className="music-page__count" aria-live="polite">
          {releaseCountWords(shown.length, lang)}
        </output>
      </form>
      <ReleaseGrid releases={shown} />
      <p>
        <a className="text-link" href={`${languagePath(lang)}#music`}>
          {t('release.back')}
        </a>
      </p>
    </article>
  );
}
