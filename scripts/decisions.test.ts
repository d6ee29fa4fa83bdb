/** Decision records (docs/decisions): one sequence, each dated and with a status, as their README says. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(DIR)
  .filter((name) => name !== 'README.md')
  .sort();

describe('decision records', () => {
  it('are numbered in one sequence, 0001 upwards, without gaps', () => {
    expect(records.length).toBeGreaterThan(0);
    records.forEach((name, index) => expect(name, name).toMatch(new RegExp(`^${String(index + 1).padStart(4, '0')}-[a-z0-9-]+\\.md$`)));
  });

  it('each opens with its number and title, then its date and status', () => {
    for (const name of records) {
      const [title, blank, dated] = readFileSync(new URL(name, DIR), 'utf8').split('\n');
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. \\S`));
      expect(blank, name).toBe('');
      expect(dated, name).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|amended|replaced|proposed)/);
    }
  });
});
