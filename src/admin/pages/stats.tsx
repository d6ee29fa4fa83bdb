import { useEffect, useState, type FormEvent } from 'react';
import { siteConfig } from '../../../site.config';
import { StatsSchema } from '../../content/model';
import { useBackend } from '../auth';
import { SaveButton } from '../save-button';
import { UnsavedGuard } from '../use-unsaved-guard';
import { useSaveStatus } from '../use-save-status';

export function StatsPage() {
  const backend = useBackend();
  const [saved, setSaved] = useState<string | undefined>();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [loadError, setLoadError] = useState('');
  const { status, run, saving } = useSaveStatus();

  useEffect(() => {
    let live = true;
    backend.getStats().then(
      (stats) => {
        if (!live) return;
        const text = stats ? String(stats.monthlyListeners) : '';
        setSaved(text);
        setValue(text);
      },
      () => live && setLoadError('The stats could not be loaded. Reload the page to try again.'),
    );
    return () => {
      live = false;
    };
  }, [backend]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Empty is stored as 0, as the spec says.
    const monthlyListeners = value.trim() === '' ? 0 : Number(value);
    const parsed = StatsSchema.safeParse({ monthlyListeners });
    if (!parsed.success) {
      setError(`Monthly listeners ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      document.getElementById('stats-listeners')?.focus();
      return;
    }
    setError('');
    await run(async () => {
      await backend.saveStats(parsed.data);
      setSaved(String(monthlyListeners));
      setValue(String(monthlyListeners));
    });
  };

  if (loadError) return <p role="alert">{loadError}</p>;
  if (saved === undefined) return <p role="status">Loading stats…</p>;

  return (
    <>
      <h1>Stats</h1>
      <form className="form" noValidate onSubmit={submit}>
        <label htmlFor="stats-listeners">Monthly listeners</label>
        <p id="stats-hint" className="field__hint">
          Hidden on the public page if below {siteConfig.monthlyListenersThreshold}. Empty is saved as 0.
        </p>
        <input
          id="stats-listeners"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'stats-hint stats-error' : 'stats-hint'}
          onChange={(e) => setValue(e.target.value)}
        />
        {error && (
          <p id="stats-error" className="form-error">
            {error}
          </p>
        )}
        <SaveButton status={status} disabled={saving} />
      </form>
      <UnsavedGuard dirty={value !== saved} />
    </>
  );
}
