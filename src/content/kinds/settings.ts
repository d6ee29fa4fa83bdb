/** The site's texts and contact: one document, saved by merge (a save names only what changed). */
import { choice, email, image, itemRef, link, linkGroup, longText, singleton, text, wholeNumber, type KindWords } from '../fields/declare';
import { YOUTUBE_HOSTS } from '../platforms';

export const settings = singleton({
  name: 'settings',
  save: 'merge',
  fields: {
    heroTitle: text({ max: 120, perLanguage: true }),
    bio1: longText({ max: 2000, perLanguage: true }),
    bio2: longText({ max: 2000, perLanguage: true }),
    bio3: longText({ max: 2000, perLanguage: true }),
    email: email({}),
    links: linkGroup({ links: { spotify: {}, artistconnect: {}, youtube: {}, instagram: {}, tiktok: {}, twitter: {} } }),
    portrait: image({}),
    shareImage: image({}),
    /** The release whose player and links the page shows first; '' (or one not out): the newest release out. */
    featuredRelease: itemRef({ list: 'releases' }),
    /** The latest vlog: a YouTube link. */
    vlog: link({ hosts: YOUTUBE_HOSTS }),
    /** The stats block's release count: 0 counts the published releases already out. */
    releaseCount: wholeNumber({ min: 0, max: 100_000 }),
    discographyOrder: choice({ options: ['newest', 'admin'] }),
    /** The producer tag: a short audio (the artist's voice) mixed into every beat's preview; '' for none. */
    producerTag: itemRef({ list: 'audio' }),
    /**
     * The Newsletter section's sign-up (issue 28): Scena's own list (on Scena's server, once mail is set up; the Kit
     * form until then and on every other backend), or the Kit form.
     */
    newsletter: choice({ options: ['own', 'kit'] }),
    /**
     * The Kit form's uid (its embed code's data-uid) on Scena's server and Firebase; '' for site.config.ts's. A
     * token (letters and digits): its Firestore rule is one matches(), so the settings rule stays under 1,000
     * evaluated expressions (a plain text field pushed it past, decision 0035).
     */
    kitUid: text({ max: 40, token: true }),
  },
});

export const settingsWords = {
  label: { en: 'Settings', ro: 'Setări' },
  fields: {
    heroTitle: {
      label: { en: 'Hero title', ro: 'Titlul principal' },
      help: { en: 'The large line at the top of the page.', ro: 'Rândul mare din partea de sus a paginii.' },
    },
    bio1: { label: { en: 'Bio, first paragraph', ro: 'Biografie, primul paragraf' } },
    bio2: { label: { en: 'Bio, second paragraph', ro: 'Biografie, al doilea paragraf' } },
    bio3: { label: { en: 'Bio, third paragraph', ro: 'Biografie, al treilea paragraf' } },
    email: {
      label: { en: 'Contact e-mail', ro: 'E-mail de contact' },
      help: { en: 'An address, or mailto: and an address; no ?subject= or ?cc= part.', ro: 'O adresă, sau mailto: și o adresă; fără ?subject= sau ?cc=.' },
    },
    links: {
      label: { en: 'Links', ro: 'Linkuri' },
      help: { en: 'https:// links only; leave one empty to hide it.', ro: 'Doar linkuri https://; lăsați unul gol pentru a-l ascunde.' },
      links: {
        spotify: { label: { en: 'Spotify', ro: 'Spotify' } },
        artistconnect: { label: { en: 'Spotify for Artists', ro: 'Spotify for Artists' } },
        youtube: { label: { en: 'YouTube', ro: 'YouTube' } },
        instagram: { label: { en: 'Instagram', ro: 'Instagram' } },
        tiktok: { label: { en: 'TikTok', ro: 'TikTok' } },
        twitter: { label: { en: 'X (Twitter)', ro: 'X (Twitter)' } },
      },
    },
    portrait: {
      label: { en: 'Portrait', ro: 'Portret' },
      help: { en: 'The photo beside the bio, from Media or uploaded here.', ro: 'Fotografia de lângă biografie, din Media sau încărcată aici.' },
    },
    shareImage: {
      label: { en: 'Image for sharing', ro: 'Imagine pentru distribuire' },
      help: {
        en: 'Shown when the site is shared on social networks; the portrait when empty.',
        ro: 'Apare când site-ul este distribuit pe rețelele sociale; dacă lipsește, se folosește portretul.',
      },
    },
    featuredRelease: {
      label: { en: 'Featured release', ro: 'Lansarea evidențiată' },
      help: {
        en: 'Its player and links lead the Music section and the banner; the newest release out when none is chosen.',
        ro: 'Playerul și linkurile ei deschid secțiunea Muzică și bannerul; dacă nu alegeți una, cea mai nouă lansare apărută.',
      },
    },
    vlog: {
      label: { en: 'Latest vlog', ro: 'Cel mai nou vlog' },
      help: { en: 'A YouTube link to the video.', ro: 'Un link YouTube către videoclip.' },
    },
    releaseCount: {
      label: { en: 'Releases shown in the stats', ro: 'Lansări afișate în statistici' },
      help: { en: '0 counts the published releases already out.', ro: '0 numără lansările publicate deja apărute.' },
    },
    discographyOrder: {
      label: { en: 'Discography order', ro: 'Ordinea discografiei' },
      options: { newest: { en: 'Newest first', ro: 'Cele mai noi întâi' }, admin: { en: 'My order (Releases page)', ro: 'Ordinea mea (pagina Lansări)' } },
    },
    producerTag: {
      label: { en: 'Producer tag', ro: 'Tag de producător' },
      help: {
        en: 'A short audio, chosen from the audio on the Media page, heard at the start of every beat preview and every 30 seconds after. Changing it makes the previews again.',
        ro: 'Un audio scurt, ales dintre fișierele audio din pagina Media, care se aude la începutul fiecărei previzualizări de beat și apoi la fiecare 30 de secunde. Dacă îl schimbați, previzualizările se refac.',
      },
    },
    newsletter: {
      label: { en: 'Newsletter sign-up', ro: 'Abonarea la newsletter' },
      help: {
        en: 'Scena’s own list keeps the addresses on your server (the Fans page) and needs outgoing mail set up (SMTP_URL and MAIL_FROM); until then, and on Firebase, the page shows the Kit form.',
        ro: 'Lista proprie Scena păstrează adresele pe serverul dumneavoastră (pagina Fani) și are nevoie de trimiterea e-mailurilor configurată (SMTP_URL și MAIL_FROM); până atunci, și pe Firebase, pagina arată formularul Kit.',
      },
      options: { own: { en: 'Scena’s own list', ro: 'Lista proprie Scena' }, kit: { en: 'Kit form', ro: 'Formularul Kit' } },
    },
    kitUid: {
      label: { en: 'Kit form uid', ro: 'Codul formularului Kit' },
      help: {
        en: 'The data-uid of the form’s embed code in Kit (letters and digits, e.g. 8f3c2a1b7e); empty for the one the site was built with.',
        ro: 'Valoarea data-uid din codul de încorporare al formularului în Kit (litere și cifre, de exemplu 8f3c2a1b7e); gol pentru cel cu care a fost construit site-ul.',
      },
    },
  },
} satisfies KindWords<typeof settings>;
