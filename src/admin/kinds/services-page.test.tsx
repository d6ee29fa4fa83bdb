// @vitest-environment jsdom
/**
 * The Services page with its samples, through the admin's real routes and a fake backend: the services read like the
 * site, each with its samples under it; a sample is added with its service preset (no select for it), its audio chosen
 * by name, duration and status; one without audio is refused before sending; samples move among their own service's;
 * a removal offers Undo. Neither samples nor audio have a page of their own.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPagePaths } from '../routes';
import { fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';

afterEach(cleanup);

const service = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title_en: title,
  title_ro: `${title} (ro)`,
  description_en: '',
  description_ro: '',
  priceFrom: 0,
  currency: 'EUR',
  priceNote_en: '',
  priceNote_ro: '',
  daysFrom: 0,
  daysTo: 0,
  included_en: '',
  included_ro: '',
  booking: 'other',
  ...extra,
});
const audio = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  src: `/media/${'a'.repeat(63)}${id.slice(-1)}`,
  status: 'ready',
  problem: '',
  durationMs: 192_000,
  loudness: -14.2,
  peak: -1,
  waveform: '',
  ...extra,
});
const sample = (id: string, serviceId: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  service: serviceId,
  title_en: title,
  title_ro: title,
  audio: 'a1',
  before: '',
  kind: 'track',
  matching: 'on',
  ...extra,
});

function setUp() {
  return fakeBackend({
    lists: {
      services: [
        service('mixing', 'Mixing', { priceFrom: 150, priceNote_en: 'per track', daysFrom: 5, daysTo: 3 }),
        service('mastering', 'Mastering', { priceFrom: 60, currency: 'RON', daysFrom: 2, daysTo: 2 }),
      ],
      audio: [audio('a1', 'mix-final.wav'), audio('a2', 'mix-rough.wav', { durationMs: 0 }), audio('a3', 'new.wav', { status: 'processing', durationMs: 0 })],
      samples: [
        sample('s1', 'mixing', 'Pop mix', { before: 'a2' }),
        sample('s2', 'mastering', 'Club master', { matching: 'off' }),
        sample('s3', 'mixing', 'Rap mix', { audio: 'a3' }),
      ],
    },
  });
}

const samplesOf = (name: string) => screen.getByRole('region', { name: `Samples of ${name}` });
/** A service's samples are in its editor (issue 29): opens the service, once its row is there, and gives its samples. */
const openSamples = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return samplesOf(name);
};
const titles = (region: HTMLElement) => [...region.querySelectorAll('.item__title')].map((el) => el.textContent);

describe('the Services page', () => {
  it('has no page for samples or audio: samples are on Services, audio on Media', () => {
    const paths = adminPagePaths();
    expect(paths).toContain('/admin/services');
    expect(paths).not.toContain('/admin/samples');
    expect(paths).not.toContain('/admin/audio');
  });

  it('reads like the site: price, turnaround and samples of each service; each sample with its audio by name', async () => {
    const { backend } = setUp();
    renderAdmin(backend, '/admin/services');
    const list = await screen.findByRole('region', { name: 'Current services' });
    const mixing = within(list).getAllByRole('listitem')[0]!;
    expect(mixing.querySelector(':scope > .item__text .item__meta')!.textContent).toBe('From 150 EUR per track · 3–5 days · 2 samples');
    expect(
      within(list)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith('Mastering'))!
        .querySelector('.item__meta')!.textContent,
    ).toBe('From 60 RON · 2 days · 1 sample');
    const samples = await openSamples('Mixing');
    expect(titles(samples)).toEqual(['Pop mix', 'Rap mix']);
    const pop = within(samples).getAllByRole('listitem')[0]!;
    expect(pop.querySelector('.item__meta')!.textContent).toBe('Track · mix-final.wav · 3:12 · Before: mix-rough.wav · Loudness matched');
    // A sample whose audio is still processing says what visitors see meanwhile.
    expect(within(samples).getAllByRole('listitem')[1]!.querySelector('.item__warning')!.textContent).toBe(
      'new.wav is not ready yet: visitors see the sample once it is',
    );
    expect(document.body.textContent).not.toMatch(/\bs1\b|\ba1\b|mixing\b/);
  });

  it('adds a sample to its service, the service preset and not shown, the audio chosen by name; none chosen is refused first', async () => {
    const { backend, lists } = setUp();
    renderAdmin(backend, '/admin/services');
    const samples = await openSamples('Mastering');
    fireEvent.click(within(samples).getByRole('button', { name: 'Add a sample to Mastering' }));
    const form = within(samples).getByRole('form', { name: 'Add a sample to Mastering' });
    // The first field has the focus; there is no Service select.
    expect(document.activeElement).toBe(within(form).getByLabelText('English'));
    expect(within(form).queryByLabelText('Service')).toBeNull();
    const choose = within(form).getByLabelText(/^Audio \(after\)/) as HTMLSelectElement;
    expect([...choose.options].map((o) => o.textContent)).toEqual([
      // Newest first (decision 0049).
      '(none chosen)',
      'new.wav · Processing',
      'mix-rough.wav · Ready',
      'mix-final.wav · 3:12 · Ready',
    ]);

    fireEvent.input(within(form).getByLabelText('English'), { target: { value: 'Vocal master' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add sample' }));
    expect(await within(form).findByText('Audio (after) must be chosen from the audio library.')).toBeTruthy();
    expect(backend.add).not.toHaveBeenCalled();

    fireEvent.change(choose, { target: { value: 'a1' } });
    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'beat' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add sample' }));
    await waitFor(() => expect(backend.add).toHaveBeenCalledTimes(1));
    expect(backend.add.mock.calls[0]![0]).toBe('samples');
    expect(backend.add.mock.calls[0]![1]).toMatchObject({
      service: 'mastering',
      title_en: 'Vocal master',
      audio: 'a1',
      kind: 'beat',
      before: '',
      matching: 'on',
    });
    await waitFor(() => expect(titles(samplesOf('Mastering'))).toEqual(['Club master', 'Vocal master']));
    // The form closes and the focus is back on its button.
    await waitFor(() => expect(document.activeElement).toBe(within(samplesOf('Mastering')).getByRole('button', { name: 'Add a sample to Mastering' })));
    expect(lists.samples!.at(-1)).toMatchObject({ service: 'mastering' });
  });

  it("moves a sample among its own service's, keeping the others' places in the list", async () => {
    const { backend } = setUp();
    renderAdmin(backend, '/admin/services');
    const samples = await openSamples('Mixing');
    fireEvent.click(within(samples).getByRole('button', { name: 'Reorder' }));
    fireEvent.click(within(samples).getByRole('button', { name: 'Move Rap mix up' }));
    await waitFor(() => expect(backend.reorder).toHaveBeenCalledWith('samples', ['s3', 's2', 's1']));
    await waitFor(() => expect(titles(samplesOf('Mixing'))).toEqual(['Rap mix', 'Pop mix']));
    expect(titles(await openSamples('Mastering'))).toEqual(['Club master']);
  });

  it('removes a sample after asking, and offers Undo', async () => {
    const { backend } = setUp();
    renderAdmin(backend, '/admin/services');
    const samples = await openSamples('Mastering');
    // Remove is in the sample's editor.
    fireEvent.click(within(samples).getByRole('button', { name: 'Edit Club master' }));
    fireEvent.click(within(samples).getByRole('button', { name: 'Remove Club master' }));
    fireEvent.click(within(samples).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(backend.remove).toHaveBeenCalledWith('samples', 's2'));
    await waitFor(() => expect(within(samplesOf('Mastering')).getByRole('button', { name: 'Undo' })).toBeTruthy());
    expect(within(samplesOf('Mastering')).getByText('No samples yet: the card shows none.')).toBeTruthy();
    expect(within(samplesOf('Mastering')).getByRole('button', { name: 'Restore Club master' })).toBeTruthy();
  });

  it('offers the first-start services while the list is empty (Firebase starts so), and adds them', async () => {
    const { backend, lists } = fakeBackend();
    renderAdmin(backend, '/admin/services');
    expect(await screen.findByText(/No services yet\. Visitors see these until you add one: Custom beats, Mixing, Mastering, Collabs\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the services visitors see now' }));
    await waitFor(() => expect(lists.services).toHaveLength(4));
    expect(lists.services!.map((s) => s.title_en)).toEqual(['Custom beats', 'Mixing', 'Mastering', 'Collabs']);
    expect((await openSamples('Collabs')).textContent).toContain('No samples yet');
  });
});
