/** The not-found page in the address's language (a real 404: the server answers it with that status). */
import { useI18n } from '../../i18n/i18n';
import { languagePath } from '../../preferences/language';

export default function NotFound() {
  const { t, lang } = useI18n();
  return (
    <article className="release release--missing" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="release__title">
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.text')}</p>
      <p>
        <a className="button button--primary" href={languagePath(lang)}>
          {t('notFound.home')}
        </a>
      </p>
    </article>
  );
}
