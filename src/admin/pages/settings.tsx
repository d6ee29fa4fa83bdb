import { useEffect, useId, useState, type FormEvent } from 'react';
import { BackendError } from '../../content/backend';
import { LINK_KEYS, SettingsSchema, type LinkKey, type Settings, type TextField } from '../../content/model';
import { translate } from '../../i18n/translate';
import { siteConfig } from '../../../site.config';
import { useBackend } from '../auth';
import { SaveButton } from '../save-button';
import { UnsavedGuard } from '../use-unsaved-guard';
import { useSaveStatus } from '../use-save-status';

type Form = Record<TextField | 'email', string> & { links: Record<LinkKey, string> };

const TRANSLATED = [
  { base: 'heroTitle', label: 'Hero title', multiline: false },
  { base: 'bio1', label: 'Bio, first paragraph', multiline: true },
  { base: 'bio2', label: 'Bio, second paragraph', multiline: true },
  { base: 'bio3', label: 'Bio, third paragraph', multiline: true },
] as const;

const LINK_LABELS: Record<LinkKey, string> = {
  spotify: 'Spotify',
  artistconnect: 'Spotify for Artists',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
};

const empty = (): Form => ({
  heroTitle_en: '',
  heroTitle_ro: '',
  bio1_en: '',
  bio2_en: '',
  bio3_en: '',
  bio1_ro: '',
  bio2_ro: '',
  bio3_ro: '',
  email: '',
  links: Object.fromEntries(LINK_KEYS.map((k) => [k, ''])) as Record<LinkKey, string>,
});

/**
 * What visitors see for a field that holds nothing: the public page's own fallbacks (the translations'
 * hero title and bio, and the e-mail and links of site.config.ts). The form starts from these, so the
 * admin edits the page as it is, not an empty form beside a full page.
 */
const DEFAULTS: Form = (() => {
  const form = empty();
  for (const lang of ['en', 'ro'] as const) {
    form[`heroTitle_${lang}`] = translate(lang, 'hero.title');
    for (const bio of ['bio1', 'bio2', 'bio3'] as const) {
      form[`${bio}_${lang}`] = translate(lang, `about.${bio}`, { sinceYear: siteConfig.artist.sinceYear });
    }
  }
  form.email = siteConfig.defaultEmail;
  for (const key of LINK_KEYS) form.links[key] = siteConfig.defaultLinks[key];
  return form;
})();

const valueAt = (form: Form, key: string) => (key.startsWith('links.') ? form.links[key.slice(6) as LinkKey] : form[key as TextField | 'email']);

/** The saved settings as a form, a field with nothing saved showing its default; and which fields those are. */
function toForm(settings: Settings | undefined): { form: Form; defaults: Set<string> } {
  const form = empty();
  const defaults = new Set<string>();
  const pick = (key: string, saved: string | undefined, fallback: string) => {
    if (saved?.trim()) return saved;
    defaults.add(key);
    return fallback;
  };
  for (const key of Object.keys(form) as (keyof Form)[]) {
    if (key !== 'links') form[key] = pick(key, settings?.[key], DEFAULTS[key]);
  }
  for (const key of LINK_KEYS) form.links[key] = pick(`links.${key}`, settings?.links?.[key], DEFAULTS.links[key]);
  return { form, defaults };
}

/** Field errors keyed "bio1_en" or "links.spotify", from the same schema the server uses. */
function validate(form: Form): Record<string, string> {
  const result = SettingsSchema.safeParse(form);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

export function SettingsPage() {
  const backend = useBackend();
  const id = useId();
  const [saved, setSaved] = useState<Form | undefined>();
  const [form, setForm] = useState<Form>(empty);
  /** Fields showing a default that was never saved (cleared once the form is saved). */
  const [defaults, setDefaults] = useState<Set<string>>(() => new Set());
  const [loadError, setLoadError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { status, run, saving } = useSaveStatus();

  useEffect(() => {
    let live = true;
    backend.getSettings().then(
      (settings) => {
        if (!live) return;
        const loaded = toForm(settings);
        setSaved(loaded.form);
        setForm(loaded.form);
        setDefaults(loaded.defaults);
      },
      () => live && setLoadError('The settings could not be loaded. Reload the page to try again.'),
    );
    return () => {
      live = false;
    };
  }, [backend]);

  const dirty = saved !== undefined && JSON.stringify(form) !== JSON.stringify(saved);
  const set = (key: TextField | 'email', value: string) => setForm({ ...form, [key]: value });
  const setLink = (key: LinkKey, value: string) => setForm({ ...form, links: { ...form.links, [key]: value.trim() } });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const snapshot = form;
    await run(async () => {
      try {
        await backend.saveSettings(snapshot);
        setSaved(snapshot);
        setDefaults(new Set());
      } catch (error) {
        // The server names the field ("links.spotify must be…"); beside the field, its label does that.
        if (error instanceof BackendError && error.field) {
          const own = error.message.startsWith(`${error.field} `) ? error.message.slice(error.field.length + 1) : error.message;
          setErrors({ [error.field]: own });
        }
        throw error;
      }
    });
  };

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!saved) return <p role="status">Loading settings…</p>;

  /** `label` is what the field shows; `name` is how an error names it ("Hero title, Romanian"). */
  const field = (key: string, label: string, input: (props: InputProps) => React.ReactNode, hint?: string, name = label) => {
    const error = errors[key];
    // A default still untouched says so: saving will store it as the admin's own.
    hint ??= defaults.has(key) && valueAt(form, key) === valueAt(DEFAULTS, key) ? 'Default: what visitors see until you save.' : undefined;
    const describedBy = [hint && `${id}-${key}-hint`, error && `${id}-${key}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field" key={key}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {hint && (
          <p id={`${id}-${key}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        {input({ id: `${id}-${key}`, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
        {error && (
          <p id={`${id}-${key}-error`} className="form-error">
            {name} {error}.
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <h1>Settings</h1>
      <form className="form form--wide" noValidate onSubmit={submit}>
        {TRANSLATED.map(({ base, label, multiline }) => (
          <fieldset key={base} className="pair">
            <legend>{label}</legend>
            {(['en', 'ro'] as const).map((lang) => {
              const key = `${base}_${lang}` as TextField;
              const other = `${base}_${lang === 'en' ? 'ro' : 'en'}` as TextField;
              const missing = form[key].trim() === '' && form[other].trim() !== '';
              const name = lang === 'en' ? 'English' : 'Romanian';
              return field(
                key,
                name,
                (props) =>
                  multiline ? (
                    <textarea {...props} rows={4} value={form[key]} onChange={(e) => set(key, e.target.value)} />
                  ) : (
                    <input {...props} value={form[key]} onChange={(e) => set(key, e.target.value)} />
                  ),
                missing ? `${name} translation missing: the page shows the default text.` : undefined,
                `${label}, ${name}`,
              );
            })}
          </fieldset>
        ))}
        <fieldset className="group">
          <legend>Contact</legend>
          {field('email', 'Contact e-mail', (props) => (
            <input {...props} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value.trim())} />
          ))}
        </fieldset>
        <fieldset className="group">
          <legend>Links (https:// only)</legend>
          {LINK_KEYS.map((key) =>
            field(`links.${key}`, LINK_LABELS[key], (props) => (
              <input {...props} type="url" inputMode="url" placeholder="https://" value={form.links[key]} onChange={(e) => setLink(key, e.target.value)} />
            )),
          )}
        </fieldset>
        <SaveButton status={status} disabled={saving} />
      </form>
      <UnsavedGuard dirty={dirty} />
    </>
  );
}

interface InputProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}
