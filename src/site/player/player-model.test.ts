/** The player's plain parts: the waveform's bars, matched loudness, times. */
import { describe, expect, it } from 'vitest';
import { BARS, clockTime, FLAT, isMatched, matchedGains, spokenTime, waveformBars } from './player-model';

describe('the waveform', () => {
  it('draws BARS bars, each the loudest point of its slice, the loudest at full height', () => {
    const hex = Array.from({ length: 400 }, (_, i) => (i === 399 ? 'c8' : i % 4 === 0 ? '64' : '0a')).join('');
    const bars = waveformBars(hex);
    expect(bars).toHaveLength(BARS);
    expect(bars.at(-1)).toBe(1);
    expect(bars[0]).toBeCloseTo(0x64 / 0xc8);
    expect(Math.min(...bars)).toBeGreaterThan(0);
  });

  it('spreads fewer points than bars over them', () => {
    expect(waveformBars('00ff', 4)).toEqual([0, 0, 1, 1]);
  });

  it('draws a waveform it cannot read flat: empty, odd, not hex, silent', () => {
    const flat = Array<number>(BARS).fill(FLAT);
    for (const bad of ['', 'abc', 'zz00', '0g', '00 11', '0000']) expect(waveformBars(bad), JSON.stringify(bad)).toEqual(flat);
  });
});

describe('matched loudness', () => {
  it('turns the louder side down by the difference in LU (10^(−ΔLU/20)), the quieter one at 1', () => {
    const gains = matchedGains(-9, -15, 'on');
    expect(gains.before).toBe(1);
    expect(gains.after).toBeCloseTo(10 ** (-6 / 20));
    expect(gains.after).toBeCloseTo(0.501, 3);
    const quieterAfter = matchedGains(-20, -14, 'on');
    expect(quieterAfter.after).toBe(1);
    expect(quieterAfter.before).toBeCloseTo(0.501, 3);
    expect(matchedGains(-14, -14, 'on')).toEqual({ after: 1, before: 1 });
  });

  it('never goes above 1, and is off when matching is off or a loudness is not known (0)', () => {
    for (const [after, before] of [
      [-3, -40],
      [-40, -3],
    ]) {
      const gains = matchedGains(after!, before!, 'on');
      expect(Math.max(gains.after, gains.before)).toBe(1);
      expect(Math.min(gains.after, gains.before)).toBeGreaterThan(0);
    }
    expect(matchedGains(-9, -15, 'off')).toEqual({ after: 1, before: 1 });
    expect(matchedGains(0, -15, 'on')).toEqual({ after: 1, before: 1 });
    expect(matchedGains(-9, 0, 'on')).toEqual({ after: 1, before: 1 });
    expect([isMatched(-9, -15, 'on'), isMatched(-9, -15, 'off'), isMatched(0, -15, 'on')]).toEqual([true, false, false]);
  });
});

describe('times', () => {
  it('shows minutes and seconds (and hours past the hour), rounded down', () => {
    expect([0, 5.9, 65, 599.99, 3723, -1, Number.NaN].map(clockTime)).toEqual(['0:00', '0:05', '1:05', '9:59', '1:02:03', '0:00', '0:00']);
  });

  it('says them in words, in each language’s plural forms', () => {
    expect(spokenTime(65, 'en')).toBe('1 minute 5 seconds');
    expect(spokenTime(1, 'en')).toBe('1 second');
    expect(spokenTime(65, 'ro')).toBe('1 minut 5 secunde');
    expect(spokenTime(21 * 60 + 20, 'ro')).toBe('21 de minute 20 de secunde');
    expect(spokenTime(0, 'ro')).toBe('0 secunde');
  });
});
