/** Only https links reach an href; anything else (javascript:, data:, http:) is replaced by the fallback. */
export function safeHttps(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** A mailto: href for a plain address or a mailto: link; the fallback when it is not an address. */
export function mailtoHref(value: string | undefined, fallback: string): string {
  const address = (value ?? '').replace(/^mailto:/i, '').trim();
  // No ?, # or %: content stored before the model refused them must not add mailto: headers (?bcc=) either.
  const ok = /^[^\s@<>()[\]\\,;:"?#%]+@[^\s@<>()[\]\\,;:"?#%]+\.[^\s@<>()[\]\\,;:"?#%]+$/.test(address);
  return `mailto:${ok ? address : fallback}`;
}
