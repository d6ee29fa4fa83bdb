/**
 * Finding an item in a long list (releases, shows, credits): a box that finds by the words the kind names (a title,
 * a city, a year), without minding case or diacritics ("bucuresti" finds "București"), and where the kind has them a
 * choice of states (Draft / Scheduled / Published; Upcoming / Past), with the count of what is shown. The page keeps
 * the filter while an item is opened and closed (it lives in the list's state, not in the item's).
 */
import { useId } from 'react';
import { fill } from '../media/words';
import { ADMIN_WORDS as W, tCount } from '../words';
import { say, type Item } from './form-model';

/** A state an item can be found by ("Draft", "Upcoming"). */
export interface FindState {
  key: string;
  label(): string;
  has(item: Item, now: number): boolean;
}

/** What a kind's items are found by (options.ts: `find`). */
export interface FindSpec {
  /** The words an item is found by (its title, city, year), in any language it has. */
  words(item: Item): string[];
  /** What the box finds by, said in it ("Title or year"). */
  hint(): string;
  states?: FindState[];
}

export interface Filter {
  query: string;
  /** A state's key, or '' for all. */
  state: string;
}

export const NO_FILTER: Filter = { query: '', state: '' };

/** Lower case, without diacritics: what a person types on a phone keyboard finds what the list spells. */
export const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('ro');

/** Whether an item is shown under a filter: every word typed is in one of its words, and it is in the state chosen. */
export function matches(spec: FindSpec, item: Item, filter: Filter, now: number): boolean {
  const state = filter.state && spec.states?.find((s) => s.key === filter.state);
  if (state && !state.has(item, now)) return false;
  const typed = plain(filter.query).split(/\s+/).filter(Boolean);
  if (!typed.length) return true;
  const words = plain(spec.words(item).join(' '));
  return typed.every((word) => words.includes(word));
}

/** The filter box, the state choice and the count ("3 of 25 shown"). */
export function ListFilter(props: {
  spec: FindSpec;
  filter: Filter;
  onChange(filter: Filter): void;
  shown: number;
  total: number;
  /** What it searches, where a page has two (Media: "Audio", "Images"): each search landmark named apart. */
  name?: string;
}) {
  const { spec, filter, onChange } = props;
  const id = useId();
  const filtered = filter.query.trim() !== '' || filter.state !== '';
  return (
    <div className="list-filter" role="search" aria-label={props.name}>
      <div className="field list-filter__query">
        <label htmlFor={`${id}-q`}>{say(W.filterLabel)}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={filter.query}
          placeholder={spec.hint()}
          aria-describedby={`${id}-count`}
          onChange={(e) => onChange({ ...filter, query: e.target.value })}
        />
      </div>
      {spec.states && (
        <div className="field list-filter__state">
          <label htmlFor={`${id}-s`}>{say(W.filterState)}</label>
          <select id={`${id}-s`} value={filter.state} onChange={(e) => onChange({ ...filter, state: e.target.value })}>
            <option value="">{say(W.filterAll)}</option>
            {spec.states.map((state) => (
              <option key={state.key} value={state.key}>
                {state.label()}
              </option>
            ))}
          </select>
        </div>
      )}
      <p id={`${id}-count`} className="list-filter__count" role="status">
        {filtered ? tCount('shownCount', props.shown, { total: props.total }) : ''}
      </p>
      {filtered && props.shown === 0 && (
        <p className="list-filter__none">
          {filter.query.trim() ? fill(say(W.nothingMatches), { query: filter.query.trim() }) : null}{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => onChange(NO_FILTER)}>
            {say(W.clearFilter)}
          </button>
        </p>
      )}
    </div>
  );
}
