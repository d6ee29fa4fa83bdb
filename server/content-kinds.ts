/**
 * The kinds of content the server stores and serves, made from the declarations (src/content/kinds):
 * each kind's name (its address and its key in answers), whether it is one value or an ordered list,
 * and the zod schema its writes are validated with. The routes (routes/content.ts) and the store
 * (db/content-repo.ts) are generic over them: a new kind is a new declaration and no server code.
 */
import { z } from 'zod';
import { withMissingFields, type ListKind as ListDecl, type SingletonKind as SingletonDecl } from '../src/content/fields/declare';
import { KINDS } from '../src/content/kinds';
import { KIND_SCHEMAS } from '../src/content/model';

export interface SingletonKind {
  shape: 'singleton';
  name: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** merge: PATCH, the fields sent replace those stored and the rest stay; replace: PUT, the whole value. */
  save: SingletonDecl['save'];
}

export interface ListKind {
  shape: 'list';
  name: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** The most items it holds; an add beyond is refused (409). */
  max: ListDecl['max'];
  /** What an add or update takes: `schema` after the fields the body leaves out are set to their empty values. */
  writeSchema: z.ZodType<Record<string, unknown>>;
}

export type ContentKind = SingletonKind | ListKind;

export const CONTENT_KINDS: Record<string, ContentKind> = Object.fromEntries(
  KINDS.map((kind): [string, ContentKind] => {
    const schema = KIND_SCHEMAS[kind.name];
    return [
      kind.name,
      kind.shape === 'singleton'
        ? { shape: 'singleton', name: kind.name, schema, save: kind.save }
        : {
            shape: 'list',
            name: kind.name,
            schema,
            max: kind.max,
            writeSchema: z.preprocess(
              (body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? withMissingFields(kind, body as Record<string, unknown>) : body),
              schema,
            ) as unknown as z.ZodType<Record<string, unknown>>,
          },
    ];
  }),
);
