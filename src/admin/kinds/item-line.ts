/**
 * How an item reads in a list when its kind has no summary of its own (options.ts): its name and its fields in one
 * human line, from its declaration.
 */
import { useCallback } from 'react';
import type { Kind, ListKind } from '../../content/fields/declare';
import { KINDS } from '../../content/kinds';
import type { MediaItem } from '../../content/model';
import { missingAlt, useMediaLibrary } from '../media/library';
import { fill, MEDIA_WORDS } from '../media/words';
import { say, wordsOf, type Item, type Value } from './form-model';
import { refLabel, type KindOptions } from './options';
import { draftsOf } from './publishing';
import { itemName, linksLine, nameField, textOf, wallTime, type Summary, type SummaryContext } from './summaries';

/**
 * An item's line for a kind without a summary of its own (options.ts), from its declaration: a choice by its words, a
 * date in the admin's language, a group of links by its platforms, another list's item by its name, a short text; never
 * a field's name, an address (slug), a link, a file's name or a number without its words. At most four facts.
 */
export function fieldLine(kind: Kind, item: Value, refs: Record<string, Item[]>): string {
  const words = wordsOf(kind);
  const named = nameField(kind);
  const status = draftsOf(kind)?.field;
  const option = (key: string, v: unknown) => (words.fields[key]?.options?.[String(v)] ? say(words.fields[key]!.options![String(v)]!) : '');
  const text = (key: string, field: Kind['fields'][string], value: unknown): string => {
    if (value === '' || value === undefined || value === null) return '';
    switch (field.type) {
      case 'choice':
        return option(key, value);
      case 'choices':
        return Array.isArray(value)
          ? value
              .map((v) => option(key, v))
              .filter(Boolean)
              .join(', ')
          : '';
      case 'links':
        return linksLine(kind.name, key, value);
      case 'itemRef': {
        const ref = refs[field.list]?.find((i) => i.id === value);
        return ref
          ? refLabel(
              field.list,
              KINDS.find((k) => k.name === field.list),
              ref,
            )
          : '';
      }
      case 'dateTime':
        return wallTime(value, { time: 'unless-midnight' });
      case 'text': {
        const own = textOf(item, key);
        return own.length <= 60 ? own : '';
      }
      default:
        return '';
    }
  };
  return Object.entries(kind.fields)
    .filter(([key]) => key !== named && key !== status)
    .map(([key, field]) => text(key, field, 'perLanguage' in field && field.perLanguage ? textOf(item, key) : item[key]))
    .filter(Boolean)
    .slice(0, 4)
    .join(' · ');
}

/**
 * The item's pictures that still lack a description in some language, said in its row ("Cover without a
 * description"): the site shows them described by the item's title meanwhile (decision 0049). '' for none.
 */
export function undescribedLine(kind: Kind, item: Value, library: readonly MediaItem[] | undefined): string {
  if (!library) return '';
  const words = wordsOf(kind);
  return Object.entries(kind.fields)
    .filter(([key, field]) => field.type === 'image' && typeof item[key] === 'string' && item[key] !== '')
    .filter(([key]) => {
      const image = library.find((m) => m.id === item[key]);
      return image !== undefined && missingAlt(image).length > 0;
    })
    .map(([key]) => fill(say(MEDIA_WORDS.withoutDescription), { field: words.fields[key] ? say(words.fields[key]!.label).replace(/\s*\(.*\)$/, '') : key }))
    .join(' · ');
}

/** How each item of a kind reads: its kind's summary (options.ts), or its name and its fields in a line. */
export function useSummarize(kind: ListKind, options: KindOptions, ctx: SummaryContext): (item: Value) => Summary {
  const library = useMediaLibrary();
  return useCallback(
    (item: Value) => {
      const summary = options.summary?.(item as Item, ctx) ?? { title: itemName(kind, item), line: fieldLine(kind, item, ctx.refs) };
      const pictures = undescribedLine(kind, item, library);
      return pictures ? { ...summary, warning: [summary.warning, pictures].filter(Boolean).join(' · ') } : summary;
    },
    [kind, options, ctx, library],
  );
}
