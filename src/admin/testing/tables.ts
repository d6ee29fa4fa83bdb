/** A table of the admin as a person reads it, for component tests: found by its name, its headings and its rows' cells. */
import { screen, within } from '@testing-library/react';

export async function readTable(name: string) {
  const table = await screen.findByRole('table', { name });
  return {
    headers: () =>
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    /** Each body row's cells, its row heading first. */
    rows: () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => [...tr.children].map((cell) => cell.textContent)),
  };
}
