/**
 * Everything that belongs to the artist and is not edited in the admin.
 * Another artist adopts Scena by editing this one file (and the translations' wording, if they wish).
 * Values that the admin can edit (hero title, bios, links, contact e-mail, monthly listeners)
 * have their defaults here and are overridden by the content backend. Releases, the featured player, the vlog
 * and the release count are content (the admin's Releases and Settings pages; first-start content in
 * src/content/seed.ts), never configuration.
 */
export const siteConfig = {
  artist: {
    name: 'Tudor Vale',
    /** Used to build browser-storage keys, e.g. `tudorvale_lang`. Letters and digits only. */
    storageKey: 'tudorvale',
    location: { en: 'Cluj-Napoca, Romania', ro: 'Cluj-Napoca, România' },
    // The year of his first release (the sample catalogue's discography starts then too: one story, issue 32).
    sinceYear: 2016,
    /** The artist's clock (an IANA time zone): release dates and times are entered and shown in it. */
    timeZone: 'Europe/Bucharest',
    /** The artist's country (ISO 3166-1 alpha-2): a new show's country until the admin chooses another. */
    country: 'RO',
  },
  /** Absolute address of the public site, used for canonical links, Open Graph and the sitemap. */
  siteUrl: 'https://tudorvale.ro',
  defaultEmail: 'booking@tudorvale.ro',
  defaultLinks: {
    spotify: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
    artistconnect: 'https://artists.spotify.com/',
    youtube: 'https://www.youtube.com/@tudorvale',
    instagram: 'https://www.instagram.com/tudorvale',
    tiktok: 'https://www.tiktok.com/@tudorvale',
    twitter: 'https://x.com/tudorvale',
  },
  newsletter: {
    /** Kit (ConvertKit) form: the script is loaded with this uid in its data-uid attribute. */
    uid: '8f3c2a1b7e',
    scriptUrl: 'https://tudorvale.kit.com/8f3c2a1b7e/index.js',
  },
  /** Shown in the "Worked with" block until the admin adds collaborators. */
  defaultCollaborators: [
    { id: 'c1', name: 'Irina Dobre', role: 'artist' },
    { id: 'c2', name: 'Matei Pop', role: 'audioEngineer' },
  ],
  /** Monthly listeners below this are not shown on the public page. */
  monthlyListenersThreshold: 100,
} as const;

export type SiteConfig = typeof siteConfig;

/**
 * The admin's e-mail when the setting (ADMIN_EMAIL for the server, VITE_ADMIN_EMAIL for a Firebase
 * build) is not given. Its own export, not part of siteConfig, so that the public page's bundle, which
 * holds siteConfig, never carries the admin's sign-in name.
 */
export const adminEmailFallback = 'admin@tudorvale.ro';
