/**
 * A checker of ours for Google's Event rich results, written from Google's documentation
 * (https://developers.google.com/search/docs/appearance/structured-data/event, as of 2026-11): the properties Google
 * requires (an event without them is not eligible) and those it recommends (each one missing is a warning in its Rich
 * Results Test). Tests only: it reads what render-head.ts puts in a show page's JSON-LD.
 */
type Json = Record<string, unknown>;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/;
const STATUSES = ['EventScheduled', 'EventCancelled', 'EventPostponed', 'EventRescheduled', 'EventMovedOnline'].map((s) => `https://schema.org/${s}`);
const AVAILABILITY = ['InStock', 'SoldOut', 'PreOrder', 'LimitedAvailability', 'OnlineOnly', 'InStoreOnly', 'OutOfStock'].map((s) => `https://schema.org/${s}`);
const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const isHttps = (v: unknown) => typeof v === 'string' && /^https:\/\/[^\s]+$/.test(v);

export interface EventReport {
  /** Required properties missing or invalid: the event is not eligible. */
  errors: string[];
  /** Recommended properties missing (Google's warnings). */
  warnings: string[];
}

export function checkEvent(event: Json): EventReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const type = event['@type'];
  if (!['Event', 'MusicEvent'].includes(String(type))) errors.push('@type: must be Event or a subtype such as MusicEvent');
  // Required.
  if (!isText(event.name)) errors.push('name');
  if (!isText(event.startDate) || !ISO_WITH_OFFSET.test(String(event.startDate))) errors.push('startDate: ISO 8601 with a UTC offset');
  const location = event.location as Json | undefined;
  if (!location || location['@type'] !== 'Place') errors.push('location: a Place');
  else {
    const address = location.address as Json | undefined;
    if (!address || address['@type'] !== 'PostalAddress') errors.push('location.address: a PostalAddress');
    else {
      if (!isText(address.addressLocality)) errors.push('location.address.addressLocality');
      if (!/^[A-Z]{2}$/.test(String(address.addressCountry ?? ''))) errors.push('location.address.addressCountry: an ISO 3166-1 alpha-2 code');
      for (const key of ['streetAddress', 'addressRegion', 'postalCode']) if (!isText(address[key])) warnings.push(`location.address.${key}`);
    }
    if (!isText(location.name)) warnings.push('location.name');
  }
  // Recommended.
  if (!isText(event.description)) warnings.push('description');
  if (event.endDate === undefined) warnings.push('endDate');
  else if (!ISO_WITH_OFFSET.test(String(event.endDate)) || Date.parse(String(event.endDate)) <= Date.parse(String(event.startDate)))
    errors.push('endDate: after startDate');
  if (event.eventAttendanceMode === undefined) warnings.push('eventAttendanceMode');
  else if (event.eventAttendanceMode !== 'https://schema.org/OfflineEventAttendanceMode') errors.push('eventAttendanceMode: offline for a venue');
  if (event.eventStatus === undefined) warnings.push('eventStatus');
  else if (!STATUSES.includes(String(event.eventStatus))) errors.push('eventStatus: a schema.org EventStatusType');
  if (event.eventStatus === 'https://schema.org/EventRescheduled') {
    if (!ISO_WITH_OFFSET.test(String(event.previousStartDate ?? ''))) warnings.push('previousStartDate');
  } else if (event.previousStartDate !== undefined) errors.push('previousStartDate: only on a rescheduled event');
  const images = Array.isArray(event.image) ? event.image : event.image === undefined ? [] : [event.image];
  if (images.length === 0) warnings.push('image');
  else if (!images.every(isHttps)) errors.push('image: absolute https addresses');
  const offers = event.offers as Json | undefined;
  if (!offers) warnings.push('offers');
  else {
    if (!isHttps(offers.url)) warnings.push('offers.url');
    if (offers.price === undefined) warnings.push('offers.price');
    else if (typeof offers.price !== 'number' || offers.price < 0) errors.push('offers.price: a number');
    if (offers.price !== undefined && !/^[A-Z]{3}$/.test(String(offers.priceCurrency ?? ''))) errors.push('offers.priceCurrency: an ISO 4217 code');
    if (offers.availability === undefined) warnings.push('offers.availability');
    else if (!AVAILABILITY.includes(String(offers.availability))) errors.push('offers.availability: a schema.org ItemAvailability');
    if (offers.validFrom === undefined) warnings.push('offers.validFrom');
  }
  const organizer = event.organizer as Json | undefined;
  if (!organizer) warnings.push('organizer');
  const performers = Array.isArray(event.performer) ? (event.performer as Json[]) : event.performer ? [event.performer as Json] : [];
  if (performers.length === 0) warnings.push('performer');
  else if (!performers.every((p) => isText(p.name))) errors.push('performer.name');
  return { errors, warnings };
}
