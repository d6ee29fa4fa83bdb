/**
 * The link page's icons (issue 31): one small line drawing per icon of the links' choice (LINK_ICONS), 24 × 24, drawn
 * in the text's colour by the page's CSS (`.i`: no fill, a 2 px stroke). Shapes that say the platform, not its logo:
 * a few hundred bytes each, inline, no request.
 */
import type { LinkIcon } from '../../content/kinds/links';

const PATHS: Record<LinkIcon | 'listen' | 'ticket' | 'work' | 'mail', string> = {
  website: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"/>',
  instagram: '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><path d="M17.5 6.5h.01"/>',
  tiktok: '<path d="M14 3v11.5a4 4 0 1 1-4-4M14 3c.5 3 2.5 5 6 5"/>',
  youtube: '<rect x="2" y="5" width="20" height="14" rx="4"/><path d="M10 9v6l5-3z"/>',
  spotify: '<circle cx="12" cy="12" r="9"/><path d="M7 9.5c3.5-1 7-.7 10 1M7.5 12.8c3-.8 5.7-.5 8 .8M8 16c2.3-.6 4.4-.4 6.2.6"/>',
  'apple-music': '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  bandcamp: '<path d="M8 6h14l-6 12H2z"/>',
  soundcloud: '<path d="M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 7 9.5M4 12v6M1 14v3"/>',
  facebook: '<path d="M14 21v-8h3l.5-3.5H14V7.5c0-1 .5-1.5 1.5-1.5H18V3h-3c-3 0-4.5 1.8-4.5 4.5v2H8V13h2.5v8"/>',
  listen: '<circle cx="12" cy="12" r="9"/><path d="M10 8.5v7l6-3.5z"/>',
  ticket: '<path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H3zM14 6v12"/>',
  work: '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V4h6v3M3 12h18"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
};

export type IconName = keyof typeof PATHS;

/** The icon as inline SVG, hidden from screen readers (its link's words name it). */
export const icon = (name: IconName): string =>
  `<svg class="i" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">${PATHS[name]}</svg>`;
