/**
 * Request bodies: how deep JSON may nest, and how large a body each route takes
 * (docs/decisions/0016-sign-in-abuse.md). Both are checked before any other work on the body.
 * Each route that takes more than the default names its limit (routes/auth.ts, routes/content.ts).
 */

/** Deeper than any body the model takes (settings: 2 levels), far from any stack limit. */
export const MAX_JSON_DEPTH = 32;

const KB = 1024;
export const BODY_LIMITS = {
  /** Anything not named below (sign-out's empty object, unknown addresses). */
  default: 1 * KB,
  /** Sign-in and password change: an e-mail and a password or two of at most 128 characters. */
  credentials: 4 * KB,
  /**
   * Content writes. The largest is the settings at their longest: 6 texts of 2,000 characters, 2 of
   * 120, 6 links of 2,048 and an e-mail of 261, 24,789 characters at up to 3 bytes each in UTF-8
   * (JSON.stringify escapes nothing the model allows into more): about 73 KB.
   */
  content: 96 * KB,
  /**
   * A booking request: a message of 5,000 characters at up to 3 bytes each, %-escaped by a form post (3 characters a
   * byte), plus the other fields: about 48 KB at the very most.
   */
  booking: 64 * KB,
  /** A list's order: ids are UUIDs (39 bytes each in the list), so about 6,500 of them, as before. */
  order: 256 * KB,
  /** An audience event (POST /api/event): its longest fields are a 512-character path and a 1,024-character referrer. */
  event: 2 * KB,
};

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max` arrays/objects, in one pass and constant memory: brackets
 * are counted outside strings only. It does not validate: JSON.parse does that afterwards, on text
 * that can no longer make any later walk over the value deep.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
