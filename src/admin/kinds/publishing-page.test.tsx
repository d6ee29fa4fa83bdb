// @vitest-environment jsdom
/**
 * Publishing as a choice, through the admin's real Releases page and a fake backend: no status select; Save as draft,
 * Publish and Unpublish store what they say, and Enter in a field never publishes. The dashboard's checklist folds
 * into "Set-up complete" once every line is done, and opens again; without the server's state its three lines are not shown.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';

afterEach(cleanup);

/** The add form, opened by the page's first button ("Add release") when it is closed. */
const addRegion = async () => {
  await screen.findByRole('heading', { level: 1 });
  if (!screen.queryByRole('region', { name: 'Add a release' })) fireEvent.click(await screen.findByRole('button', { name: 'Add release' }));
  return within(await screen.findByRole('region', { name: 'Add a release' }));
};

// Three adds through the router's actions: over the default 5 s on a busy 2-core machine.
describe('publishing a release', { timeout: 20_000 }, () => {
  it('a new release has Save as draft and Publish, no status select; each stores what it says; a form sent without a button stays a draft', async () => {
    const { backend, lists } = fakeBackend({ lists: { releases: [] } });
    renderAdmin(backend, '/admin/releases');
    const add = await addRegion();
    expect(add.queryByLabelText('Status')).toBeNull();
    expect(add.getByText(/Nothing goes on the site until you choose Publish/)).toBeTruthy();

    /** Adds a release with one of the buttons (none: the form sent as Enter may send it), once the form is ready for it. */
    const addOne = async (title: string, button: 'Save as draft' | 'Publish' | undefined, count: number) => {
      const form = await addRegion();
      // The last add is done (its buttons are enabled again).
      await waitFor(() => expect((form.getByRole('button', { name: 'Save as draft' }) as HTMLButtonElement).disabled).toBe(false));
      fireEvent.change(form.getByLabelText('Title'), { target: { value: title } });
      if (button) fireEvent.click(form.getByRole('button', { name: button }));
      else fireEvent.submit(form.getByLabelText('Title').closest('form')!);
      await waitFor(() => expect(lists.releases).toHaveLength(count));
      await screen.findByRole('button', { name: `Edit ${title}` });
    };
    await addOne('Ciornă', 'Save as draft', 1);
    expect(lists.releases![0]).toMatchObject({ title: 'Ciornă', status: 'draft' });
    await addOne('Fără buton', undefined, 2);
    expect(lists.releases![1]).toMatchObject({ title: 'Fără buton', status: 'draft' });
    await addOne('Publică', 'Publish', 3);
    expect(lists.releases![2]).toMatchObject({ title: 'Publică', status: 'published' });

    const current = within(await screen.findByRole('region', { name: 'Current releases' }));
    await waitFor(() =>
      expect(current.getAllByRole('listitem').map((li) => li.querySelector('.item__state')?.textContent)).toEqual(['Draft', 'Draft', 'Published']),
    );
  });

  it('a published release is saved as it is, or unpublished back to a draft', async () => {
    const { backend, lists } = fakeBackend({
      lists: { releases: [{ id: 'r1', title: 'Ora albastră', status: 'published', kind: 'single', date: '2025-01-10T00:00' }] },
    });
    renderAdmin(backend, '/admin/releases');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ora albastră' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Ora albastră' }));
    expect(form.getByText(/^Published: on the site for everyone/)).toBeTruthy();
    expect(form.queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(lists.releases![0]).toMatchObject({ status: 'draft' }));
  });
});

describe('the first-run checklist', () => {
  it('with every line done it folds into “Set-up complete”, which opens again; no server lines without the server’s state', async () => {
    const { backend } = fakeBackend({
      singletons: { settings: { email: 'booking@tudorvale.ro', portrait: 'img1' } },
      lists: { releases: [{ id: 'r1', title: 'Ora albastră', status: 'published' }] },
    });
    renderAdmin(backend, '/admin');
    const summary = await screen.findByText('Set-up complete');
    const details = summary.closest('details')!;
    // Named by its summary, as the open list is by its heading.
    expect(screen.getByRole('group', { name: 'Set-up complete' })).toBe(details);
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓Set the contact e-mail: done', '✓Choose a portrait: done', '✓Publish a release: done']);
  });

  it('with lines to do it says how many, each linking where it is done, and the server’s lines when it answers them', async () => {
    const { backend } = fakeBackend(
      { singletons: { settings: { email: 'booking@tudorvale.ro' } }, lists: { releases: [] } },
      { setupStatus: async () => ({ bookingMail: false, backupThisWeek: true, passwordChanged: false }) },
    );
    renderAdmin(backend, '/admin');
    const region = within(await screen.findByRole('region', { name: 'Getting the site ready' }));
    expect(region.getByText('2 of 6 done')).toBeTruthy();
    expect(region.getByRole('link', { name: 'Choose a portrait' }).getAttribute('href')).toBe('/admin/settings#portrait');
    expect(region.getByRole('link', { name: 'Change the first password' }).getAttribute('href')).toBe('/admin/account');
    // Worded for the artist: what he asks of whoever set up his server, and where they read how.
    expect(region.getByText(/^Ask whoever set up your server to turn on e-mail: docs\/operating\.md, §4/)).toBeTruthy();
  });

  it('opens Settings at the line’s field, focused', { timeout: 30_000 }, async () => {
    const { backend } = fakeBackend({ singletons: { settings: {} }, lists: { releases: [] } });
    renderAdmin(backend, '/admin');
    const region = within(await screen.findByRole('region', { name: 'Getting the site ready' }));
    fireEvent.click(region.getByRole('link', { name: 'Set the contact e-mail' }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('email'));
  });
});
