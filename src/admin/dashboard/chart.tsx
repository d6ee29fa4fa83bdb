/**
 * Visitors and page views by day as a small hand-made SVG chart (page views as bars, visitors as a line), with
 * the same figures as a table under "Show as table" for screen readers and anyone who wants the exact numbers.
 * A chart library would be some 40 KB for two series; this is the admin's bundle, but it needs no more.
 */
import { useEffect, useRef, useState } from 'react';
import type { AudienceReport } from '../../content/audience';
import { adminLocale } from '../language';
import { t } from '../words';

const H = 220;
const LEFT = 44;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

/** A round top for the axis: 1, 2, 5, 10, 20, 50 … at least the highest figure. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value)!;
  return step * power;
}

// In the admin's language at each call (a formatter made at module load would keep the first language).
const DATE = () => new Intl.DateTimeFormat(adminLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DATE_YEAR = () => new Intl.DateTimeFormat(adminLocale(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const LONG_DATE = () => new Intl.DateTimeFormat(adminLocale(), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "24 Nov" from "2026-11-24". */
export const shortDate = (date: string, year = false) => (year ? DATE_YEAR : DATE)().format(new Date(`${date}T00:00:00Z`));
/** A figure as the admin's language writes it (1,234 / 1.234). */
const figure = (n: number) => new Intl.NumberFormat(adminLocale()).format(n);
export const longDate = (date: string) => LONG_DATE().format(new Date(`${date}T00:00:00Z`));

/** The chart is drawn at its box's width, so its labels keep their size on a phone. */
function useWidth(initial: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(280, Math.round(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function AudienceChart({ days, period }: { days: AudienceReport['days']; period: string }) {
  const [box, W] = useWidth(720);
  const n = Math.max(days.length, 1);
  const top = niceMax(Math.max(0, ...days.map((d) => Math.max(d.views, d.visitors))));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const slot = plotW / n;
  const x = (i: number) => LEFT + slot * (i + 0.5);
  const y = (value: number) => TOP + plotH - (value / top) * plotH;
  const barW = Math.max(slot * 0.7, 0.6);
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(' ');
  const ticks = [0, top / 2, top];
  const labelled = days.length > 1 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : [0];
  const views = days.reduce((sum, d) => sum + d.views, 0);
  return (
    <figure className="chart" ref={box}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-label={t('chartLabel', { period, views: new Intl.NumberFormat(adminLocale()).format(views) })}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="chart__grid" x1={LEFT} x2={W - RIGHT} y1={y(tick)} y2={y(tick)} />
            <text className="chart__label" x={LEFT - 6} y={y(tick) + 4} textAnchor="end">
              {figure(tick)}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          d.views > 0 ? <rect key={d.date} className="chart__views" x={x(i) - barW / 2} y={y(d.views)} width={barW} height={y(0) - y(d.views)} /> : null,
        )}
        <polyline className="chart__visitors" points={line} />
        {n <= 31 && days.map((d, i) => <circle key={d.date} className="chart__dot" cx={x(i)} cy={y(d.visitors)} r={3} />)}
        {labelled.map((i) => (
          <text
            key={i}
            className="chart__label"
            x={x(i)}
            y={H - 8}
            textAnchor={i === 0 && days.length > 1 ? 'start' : i === days.length - 1 && days.length > 1 ? 'end' : 'middle'}
          >
            {days[i] ? shortDate(days[i].date, days.length > 31) : ''}
          </text>
        ))}
      </svg>
      <figcaption>
        <ul className="chart__legend">
          <li>
            <span className="chart__swatch chart__swatch--visitors" aria-hidden="true" /> {t('visitors')}
          </li>
          <li>
            <span className="chart__swatch chart__swatch--views" aria-hidden="true" /> {t('pageViews')}
          </li>
        </ul>
      </figcaption>
      <details className="chart__table">
        <summary>{t('showAsTable')}</summary>
        {/* A scrolling box: it takes the focus, so the keyboard scrolls it too. */}
        <div className="table-scroll" tabIndex={0} role="group" aria-label={t('chartCaption', { period })}>
          <table>
            <caption>{t('chartCaption', { period })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dayColumn')}</th>
                <th scope="col">{t('visitors')}</th>
                <th scope="col">{t('pageViews')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">
                    <time dateTime={d.date}>{longDate(d.date)}</time>
                  </th>
                  <td>{figure(d.visitors)}</td>
                  <td>{figure(d.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
