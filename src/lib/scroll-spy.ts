export interface SectionPosition {
  id: string;
  /** Distance from the top of the document, in px. */
  top: number;
}

/** Section in view: the last one whose top is at or above the scroll position plus the offset. */
export function activeSection(sections: readonly SectionPosition[], scrollY: number, offset: number): string | undefined {
  let active: string | undefined = sections[0]?.id;
  for (const section of sections) {
    if (section.top <= scrollY + offset) active = section.id;
  }
  return active;
}

export const NAV_OFFSET = 100;
export const NAV_THROTTLE_MS = 50;
export const SCROLLED_AFTER = 50;
export const BACK_TO_TOP_AFTER = 400;
