import { describe, expect, it } from 'vitest';
import { reached, revealDecision, revealNow } from './use-reveal';

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

  it('decides from every entry of a late report: a section that came into view and left it again is shown', () => {
    const inView = { isIntersecting: true, intersectionRatio: 0.6, top: 300, height: 500, viewport };
    const above = { isIntersecting: false, intersectionRatio: 0, top: -900, height: 500, viewport };
    const below = { isIntersecting: false, intersectionRatio: 0, top: 1200, height: 500, viewport };
    expect(revealDecision([inView, above], false)).toBe('show');
    expect(revealDecision([below, inView, above], false)).toBe('show');
    // Passed wholly (a report that came late): shown, never left hidden above the visitor.
    expect(revealDecision([above], false)).toBe('show');
    expect(revealDecision([below], false)).toBe('wait');
    // The first report: wholly below the viewport hides it until it comes; anywhere else shows it at once.
    expect(revealDecision([below], true)).toBe('hide');
    expect(revealDecision([above], true)).toBe('show');
    expect(revealDecision([{ ...inView, intersectionRatio: 0.05 }], true)).toBe('show');
  });

  it('shows a section a scroll took past between two frames (which the observer does not report) once the page scrolls', () => {
    // 15 % of a 500 px section above the foot of an 844 px viewport: at 769 px from the top.
    expect(reached(1200, 500, viewport)).toBe(false);
    expect(reached(770, 500, viewport)).toBe(false);
    expect(reached(769, 500, viewport)).toBe(true);
    // Passed wholly: above the viewport.
    expect(reached(-900, 500, viewport)).toBe(true);
    // A very tall one: once its top is half a viewport up.
    expect(reached(423, 12_000, viewport)).toBe(false);
    expect(reached(422, 12_000, viewport)).toBe(true);
  });
});
