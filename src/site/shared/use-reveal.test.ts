import { describe, expect, it } from 'vitest';
import { revealNow } from './use-reveal';

describe('the section reveal', () => {
  const viewport = 844;
  it('shows a section once 15 % of it is visible', () => {
    expect(revealNow({ isIntersecting: true, intersectionRatio: 0.12, height: 2000 }, viewport)).toBe(false);
    expect(revealNow({ isIntersecting: true, intersectionRatio: 0.15, height: 2000 }, viewport)).toBe(true);
    expect(revealNow({ isIntersecting: false, intersectionRatio: 0, height: 2000 }, viewport)).toBe(false);
  });

  it('shows a section too tall for 15 % of it to be seen (24 release tiles on a phone) as soon as it comes into view', () => {
    expect(revealNow({ isIntersecting: true, intersectionRatio: 0.001, height: 12_000 }, viewport)).toBe(true);
    expect(revealNow({ isIntersecting: false, intersectionRatio: 0, height: 12_000 }, viewport)).toBe(false);
  });
});
