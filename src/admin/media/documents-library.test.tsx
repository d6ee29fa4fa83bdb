// @vitest-environment jsdom
/**
 * Documents on the Media page (issue 31, docs/decisions/0055), through the admin's real routes and a fake backend:
 * listed with format, pages and size and where each is used, Delete refused while the press kit uses it; an upload's
 * refusal beside the control; on Firebase (no file storage) added by an https address, with its facts as given.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendError } from '../../content/backend';
import { fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';
import { documentLabel, documentOffered } from './document-facts';

afterEach(() => cleanup());

const doc = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  src: `/media/${'cd'.repeat(32)}`,
  format: 'pdf',
  bytes: 250_000,
  pages: 3,
  ...extra,
});

const region = () => screen.findByRole('region', { name: 'Documents' });
const itemOf = (name: string) =>
  waitFor(async () => {
    const item = within(await region())
      .queryAllByRole('listitem')
      .find((li) => li.querySelector('.item__title')?.textContent === name);
    expect(item, name).toBeDefined();
    return item!;
  });

describe('documents on the Media page', () => {
  it('lists each with its facts and where it is used, Delete refused while the press kit points at it', async () => {
    const { backend } = fakeBackend({
      lists: { documents: [doc('d1', 'Rider.pdf'), doc('d2', 'Logo.svg', { format: 'svg', pages: 0, bytes: 4000 })] },
      singletons: { press: { rider: 'd1' } },
    } as never);
    renderAdmin(backend, '/admin/media');
    const rider = await itemOf('Rider.pdf');
    expect([...rider.querySelectorAll('.item__meta')].map((m) => m.textContent)).toEqual([
      'PDF · 3 pages · 244 KB',
      'Used in: Press kit › Technical rider (PDF)',
      'Cannot be deleted while it is used: choose another document there first.',
    ]);
    expect(within(rider).getByRole('button', { name: 'Delete Rider.pdf' })).toHaveProperty('disabled', true);
    expect(within(rider).getByRole('link', { name: 'Download Rider.pdf' }).getAttribute('href')).toBe(`/media/${'cd'.repeat(32)}.pdf`);
    const logo = await itemOf('Logo.svg');
    expect(logo.querySelector('.item__meta')!.textContent).toBe('SVG image · 4 KB');
    expect(within(logo).getByRole('button', { name: 'Delete Logo.svg' })).toHaveProperty('disabled', false);
  });

  it('asks before deleting one not in use, and says it was deleted', async () => {
    const { backend } = fakeBackend({ lists: { documents: [doc('d2', 'Logo.svg', { format: 'svg', pages: 0, bytes: 4000 })] } } as never);
    renderAdmin(backend, '/admin/media');
    fireEvent.click(within(await itemOf('Logo.svg')).getByRole('button', { name: 'Delete Logo.svg' }));
    const question = within(await region()).getByRole('group', { name: 'Confirm deleting Logo.svg' });
    expect(question.textContent).toContain('Delete “Logo.svg”?');
    // Cancel keeps it; Yes, delete removes it and says so.
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(backend.remove).not.toHaveBeenCalled();
    fireEvent.click(within(await itemOf('Logo.svg')).getByRole('button', { name: 'Delete Logo.svg' }));
    fireEvent.click(within(await region()).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(backend.remove).toHaveBeenCalledWith('documents', 'd2'));
    expect(await screen.findByText('Deleted Logo.svg.')).toBeTruthy();
  });

  it('uploads through its own control and shows the server’s refusal beside it', async () => {
    const uploadMedia = vi.fn(async () => {
      throw new BackendError(
        '“plan.pdf” is not a PDF: its content is not a PDF file, whatever its name says. Save or export it as a PDF again.',
        'unsupported-type',
        'file',
      );
    });
    const { backend } = fakeBackend({}, { uploadMedia });
    renderAdmin(backend, '/admin/media');
    const input = (await within(await region()).findByLabelText('Upload a PDF or SVG')) as HTMLInputElement;
    expect(input.accept).toBe('application/pdf,image/svg+xml,.pdf,.svg');
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'plan.pdf', { type: 'application/pdf' })] } });
    expect((await within(await region()).findByRole('alert')).textContent).toBe(
      '“plan.pdf” is not a PDF: its content is not a PDF file, whatever its name says. Save or export it as a PDF again.',
    );
  });

  it('refuses a PDF over 20 MB before sending a byte', async () => {
    const uploadMedia = vi.fn();
    const { backend } = fakeBackend({}, { uploadMedia });
    renderAdmin(backend, '/admin/media');
    const input = (await within(await region()).findByLabelText('Upload a PDF or SVG')) as HTMLInputElement;
    const huge = new File(['%PDF-'], 'rider.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect((await within(await region()).findByRole('alert')).textContent).toBe(
      '“rider.pdf” is larger than 20 MB: save it smaller (a rider or a stage plot is usually a few hundred KB).',
    );
    expect(uploadMedia).not.toHaveBeenCalled();
  });

  it('offers PDFs to the rider and the stage plot, SVGs to the logo, each by its name', () => {
    const pdf = doc('d1', 'Rider.pdf');
    const svg = doc('d2', 'Logo.svg', { format: 'svg', pages: 0 });
    expect([documentOffered('rider', pdf), documentOffered('stagePlot', pdf), documentOffered('logoSvg', pdf)]).toEqual([true, true, false]);
    expect([documentOffered('rider', svg), documentOffered('logoSvg', svg)]).toEqual([false, true]);
    expect([documentLabel(pdf), documentLabel(svg)]).toEqual(['Rider.pdf · 3 pages', 'Logo.svg']);
  });
});

describe('documents on Firebase (no file storage)', () => {
  it('are added by their https address, their facts as given', async () => {
    const { backend, lists } = fakeBackend();
    renderAdmin(backend, '/admin/media');
    const add = within(await screen.findByRole('region', { name: 'Add a document by its address' }));
    expect(screen.queryByLabelText('Upload a PDF or SVG')).toBeNull();
    fireEvent.input(add.getByLabelText('Name'), { target: { value: 'Stage plot' } });
    fireEvent.input(add.getByLabelText('File address'), { target: { value: 'https://files.example.com/plot.pdf' } });
    fireEvent.input(add.getByLabelText('Pages'), { target: { value: '2' } });
    fireEvent.click(add.getByRole('button', { name: 'Add document' }));
    await waitFor(() => expect(lists.documents).toHaveLength(1));
    expect(lists.documents![0]).toMatchObject({ name: 'Stage plot', src: 'https://files.example.com/plot.pdf', format: 'pdf', pages: 2, bytes: 0 });
    const item = await itemOf('Stage plot');
    expect(item.querySelector('.item__meta')!.textContent).toBe('PDF · 2 pages');
  });
});
