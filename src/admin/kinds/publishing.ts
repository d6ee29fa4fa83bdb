/**
 * Publishing as a choice the admin sees (issue 22, docs/decisions/0032-lists-publishing-history-checklist.md): a list
 * with drafts (ListKind.publicWhen) has no status select; its forms have Publish and Save as draft (Unpublish once
 * published), and its items say Draft, Scheduled (with the date: `publicWhen.scheduledBy`, a release dated ahead) or
 * Published. Everything here is read from the declaration: no kind is named.
 */
import type { Kind, ListKind } from '../../content/fields/declare';
import { zonedInstant } from '../../content/zoned-time';
import { fill } from '../media/words';
import { ADMIN_WORDS as W } from '../words';
import { say, wordsOf, type Value } from './form-model';
import { wallTime } from './summaries';

export type PublishState = 'draft' | 'scheduled' | 'published';

/** How a kind with drafts publishes: its status field, the value that makes an item public and the one that does not. */
export interface Drafts {
  field: string;
  published: string;
  draft: string;
  /** The dateTime field a public item waits for (a release's date), with its clock. */
  scheduledBy?: { field: string; zone: string };
}

/** The kind's drafts, or undefined for a list whose items are all public (collaborators) and for a singleton. */
export function draftsOf(kind: Kind): Drafts | undefined {
  if (kind.shape !== 'list' || !kind.publicWhen) return undefined;
  const { field, equals, scheduledBy } = (kind as ListKind).publicWhen!;
  const decl = kind.fields[field];
  const draft = decl?.type === 'choice' ? decl.options.find((o) => o !== equals) : undefined;
  if (!draft) return undefined;
  const by = scheduledBy ? kind.fields[scheduledBy] : undefined;
  return { field, published: equals, draft, ...(by?.type === 'dateTime' && { scheduledBy: { field: scheduledBy!, zone: by.zone } }) };
}

/** Where an item stands at `now`: a draft, published with its date ahead (scheduled, with when), or published. */
export function publishState(drafts: Drafts, item: Value, now: number): { state: PublishState; at?: string } {
  if (item[drafts.field] !== drafts.published) return { state: 'draft' };
  const by = drafts.scheduledBy;
  const local = by ? item[by.field] : undefined;
  if (by && typeof local === 'string' && local) {
    const at = zonedInstant(local, by.zone);
    if (at !== undefined && at > now) return { state: 'scheduled', at: local };
  }
  return { state: 'published' };
}

/** The state in words: the declaration's own words for Draft and Published (they agree with the kind in Romanian). */
export function stateWords(kind: Kind, drafts: Drafts, state: { state: PublishState; at?: string }, withDate = false): string {
  const options = wordsOf(kind).fields[drafts.field]?.options;
  if (state.state === 'draft') return options?.[drafts.draft] ? say(options[drafts.draft]!) : say(W.stateDraft);
  if (state.state === 'published') return options?.[drafts.published] ? say(options[drafts.published]!) : say(W.statePublished);
  return withDate && state.at ? fill(say(W.stateScheduledFor), { date: wallTime(state.at, { time: 'unless-midnight' }) }) : say(W.stateScheduled);
}

/** What the form says of the item it edits (or of a new one): where it stands and what the buttons do. */
export function stateNote(kind: Kind, drafts: Drafts, stored: Value | undefined, now: number): string {
  if (!stored || !('id' in stored)) return say(W.noteNew);
  const state = publishState(drafts, stored, now);
  if (state.state === 'scheduled') return fill(say(W.noteScheduled), { date: wallTime(state.at!, { time: 'unless-midnight' }) });
  return fill(say(state.state === 'draft' ? W.noteDraft : W.notePublished), { state: stateWords(kind, drafts, state) });
}

/** What a save did, for the announcement: published (or scheduled), kept as a draft, or unpublished. */
export function publishMessage(drafts: Drafts, before: Value | undefined, after: Value, name: string, now: number): string {
  const state = publishState(drafts, after, now);
  const was = before ? publishState(drafts, before, now).state : 'draft';
  if (state.state === 'draft') return fill(say(was === 'draft' ? W.draftedItem : W.unpublishedItem), { name });
  if (state.state === 'scheduled') return fill(say(W.scheduledItem), { name, date: wallTime(state.at!, { time: 'unless-midnight' }) });
  // A published item saved stays published: the save is what happened.
  return fill(say(was === 'published' ? W.savedItem : W.publishedItem), { name });
}
