import { useEffect, useId, useState, type FormEvent } from 'react';
import { BackendError } from '../../content/backend';
import { LINK_KEYS, SettingsSchema, type LinkKey, type Settings, type TextField } from '../../content/model';
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

function toForm(settings: Settings | undefined): Form {
  const form = empty();
  if (!settings) return form;
  for (const key of Object.keys(form) as (keyof Form)[]) {
    if (key !== 'links' && typeof settings[key] === 'string') form[key] = settings[key];
  }
  for (const key of LINK_KEYS) form.links[key] = settings.links?.[key] ?? '';
  return form;
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
  const [loadError, setLoadError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { status, run, saving } = useSaveStatus();

  useEffect(() => {
    let live = true;
    backend.getSettings().then(
      (settings) => {
        if (!live) return;
        const loaded = toForm(settings);
        setSaved(loaded);
        setForm(loaded);
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
