/**
 * The discography, in the admin's order: each release with its page (/en/music/<slug>/, /ro/muzica/<slug>/),
 * its links per platform, its date on the artist's clock, draft or published (docs/decisions/0024-release-cycle.md).
 */
import { siteConfig } from '../../../site.config';
import { choice, dateTime, image, link, linkGroup, list, longText, slug, text, wholeNumber, type KindWords } from '../fields/declare';
import { PLATFORMS } from '../platforms';

/** The kinds of release, in the order the admin lists them. A release saved before kinds existed is a single. */
export const RELEASE_KINDS = ['single', 'ep', 'album', 'video'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

const platformLinks = Object.fromEntries(Object.entries(PLATFORMS).map(([key, p]) => [key, { hosts: p.hosts }])) as {
  readonly [K in keyof typeof PLATFORMS]: { hosts: (typeof PLATFORMS)[K]['hosts'] };
};

export const releases = list({
  name: 'releases',
  item: 'release',
  max: 200,
  // A draft is the admin's alone until published; a published release dated ahead is scheduled (release-cycle.ts).
  publicWhen: { field: 'status', equals: 'published', scheduledBy: 'date' },
  fields: {
    title: text({ max: 200 }),
    slug: slug({ from: 'title', max: 80 }),
    // 'published' first: a release saved before drafts existed stays on the site.
    status: choice({ options: ['published', 'draft'] }),
    kind: choice({ options: RELEASE_KINDS }),
    date: dateTime({ zone: siteConfig.artist.timeZone }),
    cover: image({}),
    links: linkGroup({ links: platformLinks }),
    description: longText({ max: 2000, perLanguage: true }),
    tracks: wholeNumber({ min: 0, max: 500 }),
    meta: text({ max: 300 }),
    url: link({}),
    // Issue 28 (docs/decisions/0035-fans-by-email.md, Letters): 'yes' drafts a letter from the release, sent to the
    // fans once, when it becomes public (Scena's server only). 'no' first: releases saved before it write to nobody.
    fansLetter: choice({ options: ['no', 'yes'] }),
  },
});

const platformWords = Object.fromEntries(Object.entries(PLATFORMS).map(([key, p]) => [key, { label: { en: p.label, ro: p.label } }])) as {
  [K in keyof typeof PLATFORMS]: { label: { en: string; ro: string } };
};

export const releasesWords = {
  label: { en: 'Releases', ro: 'Lansări' },
  fields: {
    title: { label: { en: 'Title', ro: 'Titlu' } },
    slug: {
      label: { en: 'Address', ro: 'Adresă' },
      help: {
        en: 'The end of the release page’s address (/en/music/…): lower-case letters, digits and hyphens. Made from the title when empty; kept when the title changes.',
        ro: 'Finalul adresei paginii lansării (/ro/muzica/…): litere mici, cifre și cratime. Se face din titlu dacă e gol; rămâne la fel când titlul se schimbă.',
      },
    },
    status: {
      label: { en: 'Status', ro: 'Stare' },
      help: {
        en: 'A draft is seen only by you, at its address while signed in.',
        ro: 'O ciornă o vedeți doar dumneavoastră, la adresa ei, cât timp sunteți autentificat.',
      },
      options: { published: { en: 'Published', ro: 'Publicată' }, draft: { en: 'Draft', ro: 'Ciornă' } },
    },
    kind: {
      label: { en: 'Kind', ro: 'Tip' },
      options: {
        single: { en: 'Single', ro: 'Single' },
        ep: { en: 'EP', ro: 'EP' },
        album: { en: 'Album', ro: 'Album' },
        video: { en: 'Video', ro: 'Videoclip' },
      },
    },
    date: {
      label: { en: 'Release date and time', ro: 'Data și ora lansării' },
      help: {
        en: `On your clock (${siteConfig.artist.timeZone}). A date ahead schedules the release: it shows as coming and goes out at that minute by itself.`,
        ro: `După ora dumneavoastră (${siteConfig.artist.timeZone}). O dată viitoare programează lansarea: apare ca „în curând” și iese singură în acel minut.`,
      },
    },
    cover: {
      label: { en: 'Cover', ro: 'Copertă' },
      help: {
        en: 'From Media, or uploaded here; the tile shows a colour until one is chosen.',
        ro: 'Din Media sau încărcată aici; până atunci, pătratul rămâne colorat.',
      },
    },
    links: {
      label: { en: 'Listen on', ro: 'Ascultă pe' },
      help: {
        en: 'One https:// link per platform; paste any of them in the first box and it goes to its platform.',
        ro: 'Câte un link https:// pentru fiecare platformă; lipiți oricare în prima casetă și ajunge la platforma lui.',
      },
      links: platformWords,
    },
    description: { label: { en: 'Description', ro: 'Descriere' } },
    tracks: {
      label: { en: 'Number of tracks', ro: 'Număr de piese' },
      help: { en: '0 hides it.', ro: '0 îl ascunde.' },
    },
    meta: {
      label: { en: 'Details (album, year, songs)', ro: 'Detalii (album, an, piese)' },
      help: {
        en: 'Shown only while the release has no date; with one, the site writes its kind, year and songs in the visitor’s language.',
        ro: 'Apare doar cât lansarea nu are dată; cu dată, site-ul scrie tipul, anul și piesele în limba vizitatorului.',
      },
    },
    url: {
      label: { en: 'Link', ro: 'Link' },
      help: { en: 'An https:// link to listen to it; may be empty.', ro: 'Un link https:// unde poate fi ascultată; poate lipsi.' },
    },
    fansLetter: {
      label: { en: 'Write to my fans when it comes out', ro: 'Scrie-le fanilor când apare' },
      help: {
        en: 'Yes: a letter is drafted from the release (cover, title, links, your words) in Letters, editable until it goes out, and sent once, at the minute the release becomes public. Never for a draft. Only with Scena’s own server.',
        ro: 'Da: în Scrisori se pregătește o scrisoare din lansare (copertă, titlu, linkuri, cuvintele dumneavoastră), pe care o puteți modifica până pleacă; e trimisă o singură dată, în minutul în care lansarea devine publică. Niciodată pentru o ciornă. Doar cu serverul Scena.',
      },
      options: { no: { en: 'No', ro: 'Nu' }, yes: { en: 'Yes', ro: 'Da' } },
    },
  },
} satisfies KindWords<typeof releases>;
