/**
 * The audio a client hears on a service's card: a title per language, the audio (the mix, the master, the beat) and,
 * for mixing and mastering, the version before. A pair plays at matched loudness unless the admin turns it off; a beat
 * is heard only as a preview with the producer tag (settings' producerTag) mixed in, at most its first 90 s.
 */
import { choice, itemRef, list, text, type KindWords } from '../fields/declare';

export const SAMPLE_KINDS = ['track', 'beat'] as const;

export const samples = list({
  name: 'samples',
  item: 'sample',
  max: 60,
  fields: {
    /** The service whose card shows it. */
    service: itemRef({ list: 'services' }),
    title: text({ max: 120, perLanguage: true }),
    /** The audio: the after of a pair, or the beat. */
    audio: itemRef({ list: 'audio' }),
    /** The before (unmixed, unmastered), or '' for none. */
    before: itemRef({ list: 'audio' }),
    /** 'beat': visitors hear only the tagged preview (the first 90 s with the producer tag). */
    kind: choice({ options: SAMPLE_KINDS }),
    /** 'on': the louder of a pair is turned down to the other's loudness, so neither wins by being louder. */
    matching: choice({ options: ['on', 'off'] }),
  },
});

export const samplesWords = {
  label: { en: 'Samples', ro: 'Mostre' },
  fields: {
    service: { label: { en: 'Service', ro: 'Serviciu' } },
    title: { label: { en: 'Title', ro: 'Titlu' } },
    audio: {
      label: { en: 'Audio (after)', ro: 'Audio (după)' },
      help: {
        en: 'The finished mix, master or beat, from the audio on the Media page or uploaded here.',
        ro: 'Mixul, masterul sau beatul final, din fișierele audio din pagina Media sau încărcat aici.',
      },
    },
    before: {
      label: { en: 'Before (optional)', ro: 'Înainte (opțional)' },
      help: {
        en: 'The unmixed or unmastered version, for a Before / After switch.',
        ro: 'Varianta nemixată sau nemasterizată, pentru comutatorul Înainte / După.',
      },
    },
    kind: {
      label: { en: 'Kind', ro: 'Tip' },
      help: {
        en: 'A beat is heard only as a preview: its first 90 seconds with your producer tag.',
        ro: 'Un beat se aude doar ca previzualizare: primele 90 de secunde, cu tag-ul dumneavoastră de producător.',
      },
      options: { track: { en: 'Track', ro: 'Piesă' }, beat: { en: 'Beat (tagged preview)', ro: 'Beat (previzualizare cu tag)' } },
    },
    matching: {
      label: { en: 'Loudness matching', ro: 'Egalizarea intensității' },
      help: {
        en: 'Before and After play equally loud, so the difference you hear is the work, not the volume.',
        ro: 'Înainte și După se aud la fel de tare, ca diferența auzită să fie munca, nu volumul.',
      },
      options: { on: { en: 'On', ro: 'Pornită' }, off: { en: 'Off', ro: 'Oprită' } },
    },
  },
} satisfies KindWords<typeof samples>;
