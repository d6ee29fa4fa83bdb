/**
 * The fan numbers as the admin reads them (docs/audience contract): shared, zod-free. Placeholder written by the
 * UI side from the contract; the server side's version replaces it.
 */
export type AudienceDays = 7 | 30 | 365;
export const AUDIENCE_DAYS: readonly AudienceDays[] = [7, 30, 365];

export interface AudienceReport {
  /** Every day of the range, zeros included, oldest first. */
  days: { date: string; visitors: number; views: number }[];
  totals: { visitors: number; views: number };
  pages: { path: string; lang: string; views: number; visitors: number }[];
  /** `source`: the referring host or utm_source. */
  referrers: { source: string; visitors: number }[];
  platforms: { platform: string; clicks: number }[];
  releases: { slug: string; views: number; clicks: number; plays: number }[];
  devices: { device: 'phone' | 'tablet' | 'desktop'; visitors: number }[];
  events: { booking: number; newsletterLoaded: number; newsletterFailed: number; plays: number };
}
