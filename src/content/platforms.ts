/**
 * The platforms a release links to, in the order its page shows their buttons, each with the only hosts its
 * links may point at (a Spotify field holding a YouTube link is refused). Public-safe plain data: the release
 * declaration, its page and the admin's paste-to-fill read it.
 */
import { hostAllowed, httpsHost } from './fields/checks';

export const PLATFORMS = {
  spotify: { label: 'Spotify', hosts: ['open.spotify.com', 'spotify.link'] },
  appleMusic: { label: 'Apple Music', hosts: ['music.apple.com', 'geo.music.apple.com'] },
  youtubeMusic: { label: 'YouTube Music', hosts: ['music.youtube.com'] },
  youtube: { label: 'YouTube', hosts: ['www.youtube.com', 'youtube.com', 'm.youtube.com', 'youtu.be'] },
  deezer: { label: 'Deezer', hosts: ['www.deezer.com', 'deezer.com', 'link.deezer.com', 'deezer.page.link'] },
  tidal: { label: 'TIDAL', hosts: ['tidal.com', 'listen.tidal.com'] },
  amazonMusic: {
    label: 'Amazon Music',
    hosts: ['music.amazon.com', 'music.amazon.co.uk', 'music.amazon.de', 'music.amazon.fr', 'music.amazon.it', 'music.amazon.es', 'music.amazon.ca'],
  },
  soundcloud: { label: 'SoundCloud', hosts: ['soundcloud.com', 'm.soundcloud.com', 'on.soundcloud.com'] },
  bandcamp: { label: 'Bandcamp', hosts: ['bandcamp.com', '*.bandcamp.com'] },
  beatport: { label: 'Beatport', hosts: ['www.beatport.com', 'beatport.com'] },
} as const satisfies Record<string, { label: string; hosts: readonly string[] }>;

export type Platform = keyof typeof PLATFORMS;
export const PLATFORM_KEYS = Object.keys(PLATFORMS) as Platform[];

/** YouTube's hosts: the latest vlog is a YouTube link. */
export const YOUTUBE_HOSTS = PLATFORMS.youtube.hosts;

/** The platform a pasted link belongs to, by its host; undefined for any other link. */
export function platformOf(link: string): Platform | undefined {
  const host = httpsHost(link.trim());
  return host === undefined ? undefined : PLATFORM_KEYS.find((key) => hostAllowed(host, PLATFORMS[key].hosts));
}
