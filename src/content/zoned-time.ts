/**
 * Wall-clock times in a time zone (a release's date and time on the artist's clock, Europe/Bucharest by
 * default), without a library: Intl knows every zone's rules, and a wall time's instant is found by trying the
 * zone's offsets just before and after it. Zod-free and small: the public page uses it to tell a scheduled
 * release from one that is out.
 */

/** `YYYY-MM-DDTHH:mm`: how a dateTime field stores a wall-clock time (years 1900 to 2999). */
export const LOCAL_DATE_TIME = /^([12][0-9]{3})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock time in `zone` at instant `t`, as milliseconds of a UTC date with the same fields. */
function wallAt(t: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(new Date(t))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) + (t % 1000);
}

/** The fields of a stored wall time, or undefined when it is not one (wrong shape, 30 February, 24:00). */
export function parseLocal(local: string): { year: number; month: number; day: number; hour: number; minute: number } | undefined {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 1900 || hour > 23 || minute > 59) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day, hour, minute };
}

/**
 * A wall time that may say which of two it is: `YYYY-MM-DDTHH:mm` and, only when the clocks repeat that time (the
 * hour repeated in autumn), its UTC offset (`2026-10-25T03:30+03:00`, the first; `…+02:00`, the second). How a show's
 * times are stored (src/content/kinds/shows.ts; docs/decisions/0033-shows-model.md).
 */
export const ZONED_DATE_TIME = /^([12][0-9]{3})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?:([+-])([0-9]{2}):([0-9]{2}))?$/;

/** The wall time of a stored value (`YYYY-MM-DDTHH:mm`), without the offset a repeated time carries. */
export const wallTime = (value: string): string => value.slice(0, 16);

/** An offset in minutes as written in a stored value: +03:00, -05:00, +00:00. */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Every instant (ms since 1970) at which `zone`'s clocks show the wall time: none (skipped), one, or two (repeated), earliest first. */
export function zonedInstants(local: string, zone: string): number[] {
  const p = parseLocal(wallTime(local));
  if (!p || local.length < 16) return [];
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const HOURS_12 = 12 * 3600_000;
  const candidates = [wall - (wallAt(wall - HOURS_12, zone) - (wall - HOURS_12)), wall - (wallAt(wall + HOURS_12, zone) - (wall + HOURS_12))];
  return [...new Set(candidates.filter((t) => wallAt(t, zone) === wall))].sort((a, b) => a - b);
}

/** The UTC offset (minutes) of `zone` at instant `t`. */
export const offsetAt = (t: number, zone: string): number => Math.round((wallAt(t, zone) - t) / 60_000);

/**
 * The instant (ms since 1970) of a wall time in `zone`; undefined when the time does not exist there (the hour
 * skipped when the clocks go forward) or is not a wall time at all. A time that happens twice (the hour repeated
 * in autumn) is its first occurrence, unless the value names its offset (`2026-10-25T03:30+02:00`: the second);
 * an offset the zone does not have at that wall time gives undefined.
 */
export function zonedInstant(local: string, zone: string): number | undefined {
  const m = ZONED_DATE_TIME.exec(local);
  if (!m) return undefined;
  const found = zonedInstants(local, zone);
  if (m[6] === undefined) return found[0];
  const offset = (m[6] === '-' ? -1 : 1) * (Number(m[7]) * 60 + Number(m[8]));
  return found.find((t) => offsetAt(t, zone) === offset);
}

/** Why a value of a show's time is refused on its venue's clock, or undefined ('' is none: fine). */
export function zonedTimeProblem(value: string, zone: string): string | undefined {
  if (value === '') return undefined;
  if (!ZONED_DATE_TIME.test(value)) return 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T21:00)';
  if (!parseLocal(wallTime(value))) return 'must be a date and time that exist (no 30 February, no hour 24)';
  const found = zonedInstants(value, zone);
  const time = wallTime(value).replace('T', ' ');
  if (found.length === 0) return `must be a time that exists in ${zone}: the clocks go forward that night and skip ${time}`;
  const offsets = found.map((t) => formatOffset(offsetAt(t, zone)));
  if (value.length === 16) {
    if (found.length === 2)
      return `happens twice in ${zone} (the clocks go back that night): say which ${time} is meant, the first (UTC${offsets[0]}) or the second (UTC${offsets[1]})`;
    return undefined;
  }
  if (found.length === 1) return `must not carry an offset: ${time} happens once in ${zone}`;
  return zonedInstant(value, zone) === undefined ? `must be ${time} at UTC${offsets[0]} or UTC${offsets[1]} in ${zone}` : undefined;
}

/** Why a stored wall time is refused, or undefined when it is a time that exists in `zone` ('' is none: fine). */
export function localTimeProblem(local: string, zone: string): string | undefined {
  if (local === '') return undefined;
  if (!LOCAL_DATE_TIME.test(local)) return 'must be a date and time as YYYY-MM-DDTHH:mm (for example 2026-12-05T00:00)';
  if (!parseLocal(local)) return 'must be a date and time that exist (no 30 February, no hour 24)';
  if (zonedInstant(local, zone) === undefined) return `must be a time that exists in ${zone} (the clocks skip that hour)`;
  return undefined;
}

/** The wall time in `zone` at instant `t`, as stored (`YYYY-MM-DDTHH:mm`). */
export function localAt(t: number, zone: string): string {
  return new Date(wallAt(t, zone)).toISOString().slice(0, 16);
}
