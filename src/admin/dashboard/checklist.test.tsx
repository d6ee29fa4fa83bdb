// @vitest-environment jsdom
/**
 * The checklist's lines can be hidden (issue 33, docs/decisions/0047): each line's Hide takes it away and this browser
 * remembers it (a new visit still shows it hidden), the focus going on to the next line's Hide; one button shows the
 * hidden lines again; once every line left is done the list folds, saying how many are done and that the others are
 * hidden. What was stored is read warily: anything unknown is shown rather than lost.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';
import { HIDDEN_KEY, parseHidden, setupSteps, shownSteps } from './checklist';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const facts = { settings: { email: 'booking@tudorvale.ro' }, releases: [], server: undefined };

describe('the hidden lines as stored', () => {
  it('are the known keys of a JSON list; anything else is no line hidden', () => {
    expect([...parseHidden('["portrait","release"]')]).toEqual(['portrait', 'release']);
    expect([...parseHidden('["portrait","nonsense",3]')]).toEqual(['portrait']);
    for (const junk of [null, undefined, '', '{', '"portrait"', '{"portrait":true}']) expect(parseHidden(junk).size, String(junk)).toBe(0);
  });

  it('leave the other lines in sight; the list folds once every line in sight is done', () => {
    const steps = setupSteps(facts);
    expect(shownSteps(steps, new Set()).folds).toBe(false);
    const one = shownSteps(steps, new Set(['portrait']));
    expect(one.shown.map((s) => s.key)).toEqual(['email', 'release']);
    expect(one).toMatchObject({ hiddenCount: 1, folds: false });
    expect(shownSteps(steps, new Set(['portrait', 'release']))).toMatchObject({ hiddenCount: 2, folds: true });
  });
});

describe('hiding a line of the checklist', () => {
  const backend = () => fakeBackend({ singletons: { settings: { email: 'booking@tudorvale.ro' } }, lists: { releases: [] } }).backend;
  const lines = (region: HTMLElement) =>
    within(region)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('a, .checklist__label')?.textContent);

  it('takes it away, kept in this browser; the focus goes to the next line’s Hide; Show brings it back', async () => {
    const view = renderAdmin(backend(), '/admin');
    let region = await screen.findByRole('region', { name: 'Getting the site ready' });
    expect(lines(region)).toEqual(['Set the contact e-mail', 'Choose a portrait', 'Publish a release']);
    fireEvent.click(within(region).getByRole('button', { name: 'Hide: Choose a portrait' }));
    expect(lines(region)).toEqual(['Set the contact e-mail', 'Publish a release']);
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Hide: Publish a release' })));
    expect(JSON.parse(localStorage.getItem(HIDDEN_KEY)!)).toEqual(['portrait']);
    // The progress still counts every line; the button says how many are hidden.
    expect(within(region).getByText('1 of 3 done')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Show the hidden line' })).toBeTruthy();

    // A new visit (a reload): still hidden.
    view.unmount();
    renderAdmin(backend(), '/admin');
    region = await screen.findByRole('region', { name: 'Getting the site ready' });
    expect(lines(region)).toEqual(['Set the contact e-mail', 'Publish a release']);

    fireEvent.click(within(region).getByRole('button', { name: 'Show the hidden line' }));
    expect(lines(region)).toEqual(['Set the contact e-mail', 'Choose a portrait', 'Publish a release']);
    expect(localStorage.getItem(HIDDEN_KEY)).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Getting the site ready' }));
  });

  it('folds the list once every line left is done, saying so; its button shows them all again', async () => {
    localStorage.setItem(HIDDEN_KEY, '["portrait"]');
    renderAdmin(backend(), '/admin');
    const region = await screen.findByRole('region', { name: 'Getting the site ready' });
    fireEvent.click(within(region).getByRole('button', { name: 'Hide: Publish a release' }));
    const folded = await screen.findByRole('group', { name: 'Set-up: 1 of 3 done, the others hidden' });
    await waitFor(() => expect(document.activeElement).toBe(folded.querySelector('summary')));
    expect(screen.queryByRole('region', { name: 'Getting the site ready' })).toBeNull();
    fireEvent.click(folded.querySelector('summary')!);
    fireEvent.click(within(folded).getByRole('button', { name: 'Show the 2 hidden lines' }));
    expect(lines(await screen.findByRole('region', { name: 'Getting the site ready' }))).toHaveLength(3);
  });
});

describe('the pictures without a description (issue 33, decision 0049)', () => {
  const picture = (id: string, name: string) => ({ id, name, src: `/media/${id}.jpg`, width: 1600, height: 1600, placeholder: '', alt_en: '', alt_ro: '' });
  const place = (n: number) => [`Releases › “Release ${n}” › Cover`];

  it('are a line to do while any is on the site, naming them and where they are used; none, no line', () => {
    expect(setupSteps(facts).some((s) => s.key === 'descriptions')).toBe(false);
    expect(setupSteps({ ...facts, undescribed: [] }).some((s) => s.key === 'descriptions')).toBe(false);
    const steps = setupSteps({ ...facts, undescribed: [{ item: picture('m1', 'cover.jpg'), missing: ['en', 'ro'], places: place(1) }] });
    const line = steps.find((s) => s.key === 'descriptions')!;
    expect(line).toMatchObject({ done: false, to: '/admin/media' });
    expect(line.detail).toBe(
      'Without a description of your own: cover.jpg (Releases › “Release 1” › Cover). Until you write one, visitors who cannot see a picture hear one made from its item.',
    );
  });

  it('name three, then say how many more', () => {
    const five = [1, 2, 3, 4, 5].map((n) => ({ item: picture(`m${n}`, `c${n}.jpg`), missing: ['ro' as const], places: place(n) }));
    const line = setupSteps({ ...facts, undescribed: five }).find((s) => s.key === 'descriptions')!;
    expect(line.detail).toContain(
      'c1.jpg (Releases › “Release 1” › Cover); c2.jpg (Releases › “Release 2” › Cover); c3.jpg (Releases › “Release 3” › Cover) and 2 more.',
    );
    expect(line.detail).not.toContain('c4.jpg');
  });

  it('show on the dashboard from the library and where its pictures are used', async () => {
    const { backend } = fakeBackend({
      singletons: { settings: { email: 'booking@tudorvale.ro' } },
      lists: { releases: [{ id: 'r1', title: 'Zori de zi', slug: 'zori-de-zi', status: 'published', cover: 'm1' }], media: [picture('m1', 'zori.jpg')] },
    });
    renderAdmin(backend, '/admin');
    const region = await screen.findByRole('region', { name: 'Getting the site ready' });
    const link = await within(region).findByRole('link', { name: 'Describe the pictures on the site' });
    expect(link.getAttribute('href')).toBe('/admin/media');
    expect(region.textContent).toContain('zori.jpg (Releases › “Zori de zi” › Cover)');
  });
});
