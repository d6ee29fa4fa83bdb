/** The words of the shows' own pages (the list and a show's page), in their chunks only; the server's head uses them too. */
import type { Language } from '../../content/constants';

const words = {
  en: {
    lede: 'Where to hear {artist} live: clubs and festivals, with tickets and calendars.',
    upcoming: 'Upcoming',
    past: 'Past shows',
    subscribe: 'Subscribe to the shows in a calendar app',
    feedFile: 'Download every upcoming show (.ics)',
    when: 'When',
    doors: 'Doors',
    where: 'Where',
    admission: 'Admission',
    ends: 'until {time}',
    pastNote: 'This show has taken place.',
    calendarFile: '(.ics file)',
    title: '{artist} live · {venue}, {city}',
    listTitle: 'Shows · {artist}',
    listDescription: 'Upcoming and past shows of {artist}: dates, venues, tickets and a calendar to subscribe to.',
    description: '{artist} live at {venue}, {city}: {date}, {time} local time.',
  },
  ro: {
    lede: 'Unde poate fi ascultat {artist} live: cluburi și festivaluri, cu bilete și calendar.',
    upcoming: 'Urmează',
    past: 'Concerte trecute',
    subscribe: 'Abonare la concerte într-o aplicație de calendar',
    feedFile: 'Toate concertele care urmează, într-un fișier .ics',
    when: 'Când',
    doors: 'Deschiderea porților',
    where: 'Unde',
    admission: 'Intrare',
    ends: 'până la {time}',
    pastNote: 'Acest concert a avut loc.',
    calendarFile: '(fișier .ics)',
    title: '{artist} live · {venue}, {city}',
    listTitle: 'Concerte · {artist}',
    listDescription: 'Concertele lui {artist}, viitoare și trecute: date, locuri, bilete și calendarul concertelor.',
    description: '{artist} live la {venue}, {city}: {date}, ora {time} (ora locală).',
  },
} as const;

export function pageWord(lang: Language, key: keyof (typeof words)['en'], vars: Record<string, string> = {}): string {
  return words[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
