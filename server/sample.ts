/**
 * The sample catalogue: what a working artist's site holds after a few years, for trying Scena out and
 * for measuring it with realistic content (`npm run admin -- sample`, and the benchmarks). Every value
 * passes the model's validation, as an import would check. The command line adds a portrait and a cover per
 * release (server/sample-media.ts), made in the media folder; SAMPLE_CONTENT itself names no image.
 */
import type { Credit, PublicContent, Release, Service, Show, Testimonial } from '../src/content/model';
import { EMPTY_CONTENT } from '../src/content/page-data';
import { SEED_SERVICES } from '../src/content/seed';
import { slugify } from '../src/content/fields/checks';
import { RELEASE_ZONE } from '../src/content/release-cycle';
import { localAt } from '../src/content/zoned-time';
import { fullItem } from '../src/content/fields/declare';
import { credits, links, quotes, releases, shows, testimonials } from '../src/content/kinds';
import type { CollaboratorRole } from '../src/content/kinds/collaborators';
import { slugBase } from '../src/content/fields/slugs';
import { siteConfig } from '../site.config';

const RELEASES: [title: string, meta: string, path: string][] = [
  ['Lumini de oraș', 'Album · 2024 · 9 songs', 'album/5kVZa4lFUmAQlBogl1fkd6'],
  ['Strada Memorandumului', 'Single · 2024', 'track/3n3Ppam7vgaVa1iaRUc9Lp'],
  ['Nopți albe (feat. Irina Dobre)', 'Single · 2024', 'track/6habFhsOp2NvshLv26DqMb'],
  ['Someș', 'EP · 2023 · 4 songs', 'album/2up3OPMp9Tb4dAKM2erWXQ'],
  ['Nocturn', 'Album · 2023 · 9 songs', 'album/1DFixLWuPkv3KT3TnV35m3'],
  ['Ultimul tramvai', 'Single · 2023', 'track/0VjIjW4GlUZAMYd2vXMi3b'],
  ['Cartierul Mărăști', 'Single · 2022', 'track/7qiZfU4dY1lWllzX7mPBI3'],
  ['Beton și ploaie', 'EP · 2022 · 5 songs', 'album/4aawyAB9vmqN3uQ7FjRGTy'],
  ['Fereastra de sus', 'Single · 2021', 'track/2takcwOaAZWiXQijPHIx7B'],
  ['Drum de noapte', 'Single · 2021', 'track/5ChkMS8OtdzJeqyybCc9R5'],
  ['Primele schițe', 'Beat tape · 2020 · 12 beats', 'album/6DEjYFkNZh67HP7R9PSZvv'],
  ['Cluj, 4 dimineața', 'Single · 2019', 'track/1mea3bSkSGXuIRvnydlB5b'],
  ['Ceață pe Feleac', 'Single · 2019', 'track/4hN8yqLrW2cQmT6vXbZ1pa'],
  ['Gara de Nord', 'EP · 2019 · 4 songs', 'album/3kR7tVwY9pLmQ2sXcB8nZd'],
  ['Vară târzie', 'Single · 2018', 'track/6pQ2wErT5yUiO8aSdF3gHj'],
  ['Blocuri gri', 'Single · 2018', 'track/1zX4cVbN7mQwE9rTyU2iOp'],
  ['Mansarda', 'Beat tape · 2018 · 10 beats', 'album/5aS6dFgH8jKlZ3xCvB1nMq'],
  ['Tramvaiul 101', 'Single · 2018', 'track/2wE5rTyU8iOpA4sDfG7hJk'],
  ['Ploi de martie', 'Single · 2017', 'track/7lK3jHgF6dSaQ9wErT2yUi'],
  ['Lumina de la etaj', 'EP · 2017 · 3 songs', 'album/4oP1iUyT5rEwQ8aSdF6gHj'],
  ['Drumul spre mare', 'Single · 2017', 'track/3zX9cVbN2mLkJ6hGfD4sAq'],
  ['Tăceri', 'Single · 2016', 'track/6qW8eRtY1uIoP5aSdF3gHl'],
  ['Prima casetă', 'Demo · 2016 · 6 songs', 'album/1mN7bVcX4zLkJ9hGfD2sAp'],
  ['Început', 'Single · 2016', 'track/5tR2eWqA8sDfG3hJkL6zXc'],
];

/** The common roles by the declaration's choice (their words in both languages); two in the admin's own words. */
const COLLABORATORS: [name: string, role: CollaboratorRole | [en: string, ro: string]][] = [
  ['Irina Dobre', ['Featured artist', 'Artistă invitată']],
  ['Matei Pop', 'audio-engineer'],
  ['Ana Stan', ['Vocals, songwriting', 'Voce, versuri']],
  ['Radu Ilieș', 'mixing-engineer'],
  ['Corina Mureșan', 'violin'],
  ['DJ Vlad Toma', 'artist'],
  ['Ioana Pătrașcu', 'photographer'],
  ['Mihai Țurcanu', 'video-director'],
];

const KINDS: Record<string, Release['kind']> = { Album: 'album', Single: 'single', EP: 'ep', 'Beat tape': 'album', Demo: 'ep' };
/** Other platforms than Spotify, on some releases: every host shape the model accepts. */
const slugOf = (title: string) => slugify(title, 76);
function sampleRelease([title, meta, path]: (typeof RELEASES)[number], i: number): Release {
  const [kindWord = 'Single', yearText = '2020', countText] = meta.split(' · ');
  const year = Number(yearText);
  const tracks = countText ? Number(countText.split(' ')[0]) : 1;
  const slug = slugOf(title);
  // Spread over the year, always a Friday-ish day at midnight on the artist's clock.
  const date = `${year}-${String(((i * 5) % 12) + 1).padStart(2, '0')}-${String(((i * 7) % 27) + 1).padStart(2, '0')}T00:00`;
  const links: Release['links'] = { spotify: `https://open.spotify.com/${path}` };
  if (i % 2 === 0) links.appleMusic = `https://music.apple.com/ro/album/${slug}/${1_600_000_000 + i}`;
  if (i % 3 === 0) links.youtube = `https://www.youtube.com/watch?v=${path.slice(-11)}`;
  if (i % 4 === 0) links.deezer = `https://www.deezer.com/album/${500_000 + i}`;
  if (i % 5 === 0) links.bandcamp = `https://tudorvale.bandcamp.com/album/${slug}`;
  if (i % 6 === 0) links.soundcloud = `https://soundcloud.com/tudorvale/${slug}`;
  return fullItem(releases, {
    id: `sample-release-${i + 1}`,
    title,
    slug,
    status: 'published',
    kind: KINDS[kindWord] ?? 'single',
    date,
    links,
    tracks,
    description_en: `“${title}” came out in ${year}. Produced, mixed and mastered by Tudor Vale in his studio in Cluj-Napoca, between midnight and the first tram.`,
    description_ro: `„${title}” a apărut în ${year}. Producție, mixaj și masterizare: Tudor Vale, în studioul lui din Cluj-Napoca, între miezul nopții și primul tramvai.`,
    meta,
    url: `https://open.spotify.com/${path}`,
    cover: '',
  });
}

/** One more, published and scheduled three weeks ahead (at midnight on the artist's clock): the "Coming soon" tile. */
function scheduledRelease(): Release {
  const date = `${localAt(Date.now() + 21 * 24 * 3600_000, RELEASE_ZONE).slice(0, 10)}T00:00`;
  return fullItem(releases, {
    id: 'sample-release-next',
    title: 'Ora albastră',
    slug: 'ora-albastra',
    status: 'published',
    kind: 'single',
    date,
    tracks: 1,
    links: { spotify: 'https://open.spotify.com/track/2Xk9vLq7Tn4Rb8Yc1Wd5Ze', appleMusic: 'https://music.apple.com/ro/album/ora-albastra/1700000000' },
    description_en: 'The new single: a slow house track about the blue hour over the Someș, before the city wakes.',
    description_ro: 'Noul single: o piesă house lentă despre ora albastră deasupra Someșului, înainte să se trezească orașul.',
  });
}

/** The four services with what a working producer asks and gives (the seed's words, prices and turnarounds added). */
const SERVICE_DETAILS: Record<string, Partial<Service>> = {
  'seed-beats': {
    priceFrom: 150,
    priceNote_en: 'per beat',
    priceNote_ro: 'per beat',
    daysFrom: 3,
    daysTo: 5,
    included_en: 'Exclusive rights\nWAV and stems\nTwo rounds of changes',
    included_ro: 'Drepturi exclusive\nWAV și piste separate\nDouă runde de modificări',
  },
  'seed-mixing': {
    priceFrom: 200,
    priceNote_en: 'per song',
    priceNote_ro: 'per piesă',
    daysFrom: 4,
    daysTo: 7,
    included_en: 'Up to 48 tracks\nVocal tuning and editing\nThree revisions\nInstrumental and a cappella versions',
    included_ro: 'Până la 48 de piste\nAcordaj și editare vocală\nTrei revizii\nVariante instrumentală și a cappella',
  },
  'seed-mastering': {
    priceFrom: 60,
    priceNote_en: 'per track',
    priceNote_ro: 'per piesă',
    daysFrom: 2,
    daysTo: 3,
    included_en: 'Streaming and club masters\nLoudness report\nOne revision',
    included_ro: 'Master pentru streaming și pentru club\nRaport de intensitate\nO revizie',
  },
  'seed-collabs': {
    included_en: 'Features and co-writes\nSplits agreed before the session',
    included_ro: 'Featuring-uri și piese scrise împreună\nProcentele stabilite înainte de sesiune',
  },
};

const CREDITS: [artist: string, title: string, roles: Credit['roles'], year: number, link: string][] = [
  ['Irina Dobre', 'Nopți albe', ['produced', 'mixed', 'featured'], 2024, 'https://open.spotify.com/track/6habFhsOp2NvshLv26DqMb'],
  ['Ana Stan', 'Ora zero', ['produced', 'co-wrote'], 2025, 'https://open.spotify.com/track/1aB2cD3eF4gH5iJ6kL7mN8'],
  ['Dava', 'Mansarda 3', ['mixed', 'mastered'], 2025, 'https://music.apple.com/ro/album/mansarda-3/1712345678'],
  ['Luca Mihai', 'Clujul doarme', ['mastered'], 2025, 'https://open.spotify.com/album/2bC3dE4fG5hI6jK7lM8nO9'],
  ['Corina Mureșan', 'Vioara de la etaj', ['recorded', 'mixed'], 2024, 'https://corinamuresan.bandcamp.com/track/vioara-de-la-etaj'],
  ['DJ Vlad Toma', 'Feleac (Tudor Vale remix)', ['produced'], 2024, 'https://soundcloud.com/vladtoma/feleac-tudor-vale-remix'],
  ['Maria Olaru', 'Scrisori', ['produced', 'mixed', 'mastered'], 2023, 'https://www.deezer.com/album/512345678'],
  ['Trei Străzi', 'Blocul 4', ['mixed'], 2023, 'https://www.youtube.com/watch?v=aBcDeFgHiJk'],
  ['Sorin Pop', 'Tren de noapte', ['co-wrote', 'featured'], 2022, 'https://tidal.com/browse/track/123456789'],
  ['Elena Vișan', 'Acasă', ['mastered'], 2021, 'https://music.amazon.de/albums/B0ABCDEF12'],
];

const TESTIMONIALS: Omit<Testimonial, 'id' | 'photo'>[] = [
  {
    quote_en: 'Tudor heard what the song needed before I could say it. The mix kept every breath of the vocal and still hits hard in the club.',
    quote_ro: 'Tudor a auzit de ce avea nevoie piesa înainte să apuc să-i spun. Mixul păstrează fiecare respirație din voce și tot lovește tare în club.',
    name: 'Irina Dobre',
    role_en: 'Singer, “Nopți albe”',
    role_ro: 'Cântăreață, „Nopți albe”',
    link: 'https://www.instagram.com/irinadobre',
  },
  {
    quote_en: 'Three days from the first message to a beat that became our single. Clear price, clear deadline, no surprises.',
    quote_ro: 'Trei zile de la primul mesaj până la beatul care a devenit single-ul nostru. Preț clar, termen clar, fără surprize.',
    name: 'Ana Stan',
    role_en: 'Songwriter, “Ora zero”',
    role_ro: 'Compozitoare, „Ora zero”',
    link: '',
  },
  {
    quote_en: 'The master sounds as good on my phone as on the big speakers, and he explained every choice.',
    quote_ro: 'Masterul sună la fel de bine pe telefon ca pe boxele mari, iar el mi-a explicat fiecare alegere.',
    name: 'Luca Mihai',
    role_en: 'Producer, “Clujul doarme”',
    role_ro: 'Producător, „Clujul doarme”',
    link: '',
  },
  {
    quote_en: 'We recorded the violin in his attic in one evening. It is the warmest sound on the record.',
    quote_ro: 'Am înregistrat vioara în mansarda lui într-o singură seară. E cel mai cald sunet de pe disc.',
    name: 'Corina Mureșan',
    role_en: 'Violinist',
    role_ro: 'Violonistă',
    link: 'https://corinamuresan.bandcamp.com',
  },
];

// ---- shows (issue 23) ----------------------------------------------------------------------------

const DAY_MS = 24 * 3600_000;
const ARTIST_ZONE = siteConfig.artist.timeZone;
type ShowInput = Partial<Show> & Pick<Show, 'venue' | 'city' | 'country' | 'start'>;
/** A show with its address made as the server makes it, the rest at its empty values. */
function sampleShow(n: number, show: ShowInput): Show {
  const decl = shows.fields.slug;
  return fullItem(shows, { id: `sample-show-${n}`, status: 'published', ...show, slug: slugify(slugBase(shows, decl, show), decl.max - 4) });
}
/** The day `days` from now on `zone`'s clock, at `time` (a time no clock skips or repeats: evenings). */
const daysAhead = (days: number, time: string, zone: string = ARTIST_ZONE) => `${localAt(Date.now() + days * DAY_MS, zone).slice(0, 10)}T${time}`;

const words = (en: string, ro: string) => ({ description_en: en, description_ro: ro });

/**
 * Five ahead of whenever the catalogue is made (one sold out, one cancelled, a festival in Lisbon on its own clock, one
 * rescheduled with its previous date), soonest first.
 */
function upcomingShows(): Show[] {
  return [
    sampleShow(1, {
      kind: 'live-set',
      venue: 'Form Space',
      city: 'Cluj-Napoca',
      country: 'RO',
      address: 'Strada Gheorghe Barițiu 16',
      doors: daysAhead(9, '21:00'),
      start: daysAhead(9, '22:00'),
      end: daysAhead(10, '02:00'),
      tickets: 'https://www.iabilet.ro/bilete-tudor-vale-live-form-space',
      admission: 'from',
      priceFrom: 60,
      currency: 'RON',
      priceNote_en: 'Early bird until the end of the month',
      priceNote_ro: 'Preț redus până la sfârșitul lunii',
      ...words(
        'The new live set at home in Cluj: the songs from “Lumini de oraș” with analogue synthesizers and the city’s field recordings.',
        'Noul set live acasă, la Cluj: piesele de pe „Lumini de oraș”, cu sintetizatoare analogice și înregistrări din oraș.',
      ),
    }),
    sampleShow(2, {
      kind: 'dj-set',
      venue: 'Control Club',
      city: 'București',
      cityName_en: 'Bucharest',
      country: 'RO',
      address: 'Strada Constantin Mille 4',
      start: daysAhead(16, '23:00'),
      state: 'sold-out',
      tickets: 'https://www.iabilet.ro/bilete-tudor-vale-control-club',
      admission: 'from',
      priceFrom: 80,
      currency: 'RON',
      ...words('An all-night DJ set: house, breaks and unreleased edits.', 'Un set DJ toată noaptea: house, breaks și edituri nelansate.'),
    }),
    sampleShow(3, {
      kind: 'concert',
      venue: 'Fratelli Studios',
      city: 'Timișoara',
      country: 'RO',
      start: daysAhead(30, '20:00'),
      state: 'cancelled',
      tickets: 'https://www.iabilet.ro/bilete-tudor-vale-timisoara',
      ...words(
        'Cancelled: the venue closes for renovation. Tickets are refunded where they were bought.',
        'Anulat: sala se închide pentru renovare. Biletele se rambursează de unde au fost cumpărate.',
      ),
    }),
    sampleShow(4, {
      kind: 'festival',
      venue: 'LX Factory',
      city: 'Lisboa',
      cityName_en: 'Lisbon',
      cityName_ro: 'Lisabona',
      country: 'PT',
      address: 'Rua Rodrigues de Faria 103',
      timeZone: 'Europe/Lisbon',
      doors: daysAhead(45, '16:00', 'Europe/Lisbon'),
      start: daysAhead(45, '18:30', 'Europe/Lisbon'),
      end: daysAhead(45, '20:00', 'Europe/Lisbon'),
      tickets: 'https://lxfactory.example.pt/festival/bilhetes',
      admission: 'from',
      priceFrom: 35,
      currency: 'EUR',
      priceNote_en: 'Day ticket',
      priceNote_ro: 'Bilet de o zi',
      ...words('Sunset set on the festival’s river stage, on Lisbon time.', 'Set la apus pe scena de lângă râu a festivalului, după ora Lisabonei.'),
    }),
    sampleShow(5, {
      kind: 'live-set',
      venue: 'Fabrica de Bere',
      city: 'Iași',
      country: 'RO',
      start: daysAhead(60, '21:00'),
      state: 'rescheduled',
      previousStart: daysAhead(20, '21:00'),
      tickets: 'https://www.iabilet.ro/bilete-tudor-vale-iasi',
      admission: 'free',
      ...words('Moved to a later date; tickets for the old date stay valid.', 'Mutat la o dată ulterioară; biletele pentru data veche rămân valabile.'),
    }),
  ];
}

/** Twenty already played, across Romania and Europe, newest first, each on its venue's clock. */
const PAST_SHOWS: [date: string, venue: string, city: string, country: string, zone: string, kind: Show['kind']][] = [
  ['2026-10-17T23:00', 'Kulturni Centar Grad', 'Beograd', 'RS', 'Europe/Belgrade', 'dj-set'],
  ['2026-09-05T22:00', 'Fabrica', 'Brașov', 'RO', '', 'live-set'],
  ['2026-08-08T20:30', 'Electric Castle', 'Bonțida', 'RO', '', 'festival'],
  ['2026-07-11T19:00', 'Neversea', 'Constanța', 'RO', '', 'festival'],
  ['2026-06-13T22:00', 'Arena Chișinău', 'Chișinău', 'MD', 'Europe/Chisinau', 'concert'],
  ['2026-05-22T23:00', 'Tresor', 'Berlin', 'DE', 'Europe/Berlin', 'dj-set'],
  ['2026-04-18T21:00', 'Toldi Klub', 'Budapest', 'HU', 'Europe/Budapest', 'live-set'],
  ['2026-03-14T22:00', 'Control Club', 'București', 'RO', '', 'dj-set'],
  ['2026-02-07T21:00', 'Sala Thalia', 'Sibiu', 'RO', '', 'concert'],
  ['2025-12-31T23:00', 'Form Space', 'Cluj-Napoca', 'RO', '', 'dj-set'],
  ['2025-11-15T22:00', 'Flex', 'Wien', 'AT', 'Europe/Vienna', 'live-set'],
  ['2025-10-04T21:30', 'Club Oldtime', 'Oradea', 'RO', '', 'live-set'],
  ['2025-08-30T20:00', 'Untold', 'Cluj-Napoca', 'RO', '', 'festival'],
  ['2025-07-19T22:00', 'Studio 5', 'Sofia', 'BG', 'Europe/Sofia', 'dj-set'],
  ['2025-06-06T21:00', 'Cross Club', 'Praha', 'CZ', 'Europe/Prague', 'concert'],
  ['2025-05-10T23:00', 'Paradiso Noord', 'Amsterdam', 'NL', 'Europe/Amsterdam', 'dj-set'],
  ['2025-04-12T21:00', 'Heaven', 'London', 'GB', 'Europe/London', 'live-set'],
  ['2025-03-01T22:00', 'Fratelli Studios', 'Timișoara', 'RO', '', 'live-set'],
  ['2025-01-25T21:00', 'Moog', 'Barcelona', 'ES', 'Europe/Madrid', 'dj-set'],
  ['2024-12-14T22:00', 'Private Hub', 'Iași', 'RO', '', 'concert'],
];
/** The cities English and Romanian name otherwise than their own people ([English, Romanian]; '' is the own name). */
const CITY_NAMES: Record<string, [en: string, ro: string]> = {
  București: ['Bucharest', ''],
  Beograd: ['Belgrade', 'Belgrad'],
  Wien: ['Vienna', 'Viena'],
  Praha: ['Prague', 'Praga'],
  London: ['', 'Londra'],
  Chișinău: ['Chisinau', ''],
  Lisboa: ['Lisbon', 'Lisabona'],
  Budapest: ['', 'Budapesta'],
};
function pastShows(): Show[] {
  return PAST_SHOWS.map(([start, venue, city, country, timeZone, kind], i) => {
    const [en = '', ro = ''] = CITY_NAMES[city] ?? [];
    return sampleShow(6 + i, {
      start,
      venue,
      city,
      cityName_en: en,
      cityName_ro: ro,
      country,
      timeZone,
      kind,
      ...words(`${venue}, ${en || city}.`, `${venue}, ${ro || city}.`),
    });
  });
}

/** The credits' titles, for their covers (server/sample-media.ts draws one each). */
export const SAMPLE_CREDIT_TITLES = CREDITS.map(([artist, title]) => `${artist} · ${title}`);

/** The link page's own links (issue 31), in his order: label in each language, address, icon. */
const LINKS: [string, string, string, (typeof links.fields.icon.options)[number]][] = [
  ['Instagram', 'Instagram', 'https://www.instagram.com/tudorvale', 'instagram'],
  ['TikTok', 'TikTok', 'https://www.tiktok.com/@tudorvale', 'tiktok'],
  ['YouTube: studio vlog', 'YouTube: vlog din studio', 'https://www.youtube.com/@tudorvale', 'youtube'],
  ['Spotify profile', 'Profil Spotify', 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb', 'spotify'],
  ['Bandcamp: vinyl and downloads', 'Bandcamp: vinil și descărcări', 'https://tudorvale.bandcamp.com/', 'bandcamp'],
  ['Sample packs', 'Pachete de sample-uri', 'https://shop.tudorvale.ro/', 'website'],
];

/** The press photos' photographers, in the photos' order (server/sample-media.ts samplePressImages). */
export const SAMPLE_PHOTO_CREDITS = ['Ana Pop', 'Mihai Ene'];

/** What the press wrote, made up for the sample (the outlets too). */
const QUOTES: [string, string, string, string, string][] = [
  [
    'Warm, patient electronic music that sounds like Cluj at four in the morning.',
    'Muzică electronică caldă și răbdătoare, care sună ca Clujul la patru dimineața.',
    'Revista Frecvența',
    'https://frecventa.example.ro/recenzii/zori-de-zi',
    '2025-04-02',
  ],
  [
    'One of the few Romanian producers whose beats you recognise after two bars.',
    'Unul dintre puținii producători români ale căror beaturi le recunoști după două măsuri.',
    'Sunete Noi',
    'https://sunetenoi.example.ro/tudor-vale',
    '2024-11-20',
  ],
  [
    'His live set was the quiet high point of the festival.',
    'Setul lui live a fost momentul de vârf, discret, al festivalului.',
    'Radio Nocturn',
    '',
    '2024-08-11',
  ],
];

export const SAMPLE_CONTENT: PublicContent = {
  ...EMPTY_CONTENT,
  services: SEED_SERVICES.map((s) => ({ ...s, ...SERVICE_DETAILS[s.id] })),
  credits: CREDITS.map(([artist, title, roles, year, link], i) => fullItem(credits, { id: `sample-credit-${i + 1}`, artist, title, roles, year, link })),
  testimonials: TESTIMONIALS.map((t, i) => fullItem(testimonials, { id: `sample-testimonial-${i + 1}`, ...t })),
  links: LINKS.map(([label_en, label_ro, url, icon], i) => fullItem(links, { id: `sample-link-${i + 1}`, label_en, label_ro, url, icon })),
  settings: {
    heroTitle_en: 'Music from the night city',
    heroTitle_ro: 'Muzică din orașul de noapte',
    bio1_en:
      'Tudor Vale is a producer and artist from Cluj-Napoca. He started making beats on a borrowed laptop in 2016 and has since released four albums, five EPs and a string of singles that move between house, lo-fi and Romanian hip-hop.',
    bio2_en:
      'His sound mixes warm analogue synthesizers with field recordings from the city: the last tram on Horea Street, rain on the Someș, a crowd leaving a concert at 4 a.m. Every track is mixed and mastered in his own studio.',
    bio3_en:
      'He produces for artists across Romania, from first demos to finished records, and plays live sets in clubs and at festivals. If you are working on something and need a sound, write to him.',
    bio1_ro:
      'Tudor Vale este producător și artist din Cluj-Napoca. A început să facă beaturi pe un laptop împrumutat în 2016 și de atunci a lansat patru albume, cinci EP-uri și o serie de single-uri care trec prin house, lo-fi și hip-hop românesc.',
    bio2_ro:
      'Sunetul lui îmbină sintetizatoare analogice calde cu înregistrări din oraș: ultimul tramvai de pe strada Horea, ploaia pe Someș, mulțimea care iese de la un concert la patru dimineața. Fiecare piesă e mixată și masterizată în propriul studio.',
    bio3_ro:
      'Produce pentru artiști din toată țara, de la primele demo-uri până la albume terminate, și cântă live în cluburi și la festivaluri. Dacă lucrezi la ceva și ai nevoie de un sunet, scrie-i.',
    email: 'booking@tudorvale.ro',
    featuredRelease: 'sample-release-1',
    vlog: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    links: {
      spotify: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
      artistconnect: 'https://artists.spotify.com/c/artist/4Z8W4fKeB5YxbusRsdQVPb',
      youtube: 'https://www.youtube.com/@tudorvale',
      instagram: 'https://www.instagram.com/tudorvale',
      tiktok: 'https://www.tiktok.com/@tudorvale',
      twitter: 'https://x.com/tudorvale',
    },
  },
  stats: { monthlyListeners: 48_200 },
  press: {
    bioShort_en:
      'Tudor Vale is a producer and live artist from Cluj-Napoca. Since 2016 he has released four albums and five EPs of warm electronic music between house, lo-fi and Romanian hip-hop, mixes and masters for artists across Romania, and plays live sets in clubs and at festivals.',
    bioShort_ro:
      'Tudor Vale este producător și artist live din Cluj-Napoca. Din 2016 a lansat patru albume și cinci EP-uri de muzică electronică caldă, între house, lo-fi și hip-hop românesc, mixează și masterizează pentru artiști din toată țara și cântă live în cluburi și la festivaluri.',
    bioLong_en: [
      'Tudor Vale is a producer and artist from Cluj-Napoca. He started making beats on a borrowed laptop in 2016 and has since released four albums, five EPs and a string of singles that move between house, lo-fi and Romanian hip-hop.',
      'His sound mixes warm analogue synthesizers with field recordings from the city: the last tram on Horea Street, rain on the Someș, a crowd leaving a concert at 4 a.m. Every track is mixed and mastered in his own studio.',
      'Live, he plays a hybrid set of synthesizers, drum machines and stems, built anew for each room. He has played Form Space, Control Club and the Electric Castle festival, and tours with a lighting designer of his own.',
    ].join('\n\n'),
    bioLong_ro: [
      'Tudor Vale este producător și artist din Cluj-Napoca. A început să facă beaturi pe un laptop împrumutat în 2016 și de atunci a lansat patru albume, cinci EP-uri și o serie de single-uri care trec prin house, lo-fi și hip-hop românesc.',
      'Sunetul lui îmbină sintetizatoare analogice calde cu înregistrări din oraș: ultimul tramvai de pe strada Horea, ploaia pe Someș, mulțimea care iese de la un concert la patru dimineața. Fiecare piesă e mixată și masterizată în propriul studio.',
      'Live, cântă un set hibrid de sintetizatoare, drum machine-uri și stem-uri, construit din nou pentru fiecare sală. A cântat la Form Space, Control Club și la festivalul Electric Castle și merge în turnee cu propriul designer de lumini.',
    ].join('\n\n'),
    contactName: 'Ioana Radu, Nord Agency',
    contactEmail: 'press@tudorvale.ro',
  },
  quotes: QUOTES.map(([quote_en, quote_ro, outlet, url, date], i) => fullItem(quotes, { id: `sample-quote-${i + 1}`, quote_en, quote_ro, outlet, url, date })),
  releases: [scheduledRelease(), ...RELEASES.map(sampleRelease)],
  shows: [...upcomingShows(), ...pastShows()],
  collaborators: COLLABORATORS.map(([name, role], i) => ({
    id: `sample-collaborator-${i + 1}`,
    name,
    ...(typeof role === 'string' ? { roleKind: role, role: '', roleRo: '' } : { roleKind: 'own' as const, role: role[0], roleRo: role[1] }),
  })),
};
