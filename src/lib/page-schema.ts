import { Type, type ObjectOptions, type TSchema } from '@sinclair/typebox';
import { limits } from '../limits.js';

/**
 * The `limit` of a list's query, "Entries per page" (`items` names them). Optional: it has a default, so a call
 * without it is valid (a validating proxy refuses it when required: docs/api.md).
 */
export function PageLimit(items: string) {
  return Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: limits.pageSize,
      default: 50,
      description: `${items} per page, 1–${limits.pageSize}.`,
    }),
  );
}

/** The `cursor` of a list's query: opaque, the `next_cursor` of the previous page. */
export function PageCursor(description: string) {
  return Type.Optional(Type.String({ maxLength: limits.cursorLength, description }));
}

export interface PageOptions extends ObjectOptions {
  /** The order of `data`, as its description ("Newest first."). */
  dataDescription?: string;
  cursorDescription?: string;
}

/** A page of any list in the API: `{ data, has_more, next_cursor }` (keyset paging, docs/api.md). */
export function Page<T extends TSchema>(item: T, options: PageOptions = {}) {
  const { dataDescription, cursorDescription, ...objectOptions } = options;
  return Type.Object(
    {
      data: Type.Array(item, dataDescription === undefined ? {} : { description: dataDescription }),
      has_more: Type.Boolean(),
      next_cursor: Type.Union(
        [Type.String(), Type.Null()],
        cursorDescription === undefined ? {} : { description: cursorDescription },
      ),
    },
    objectOptions,
  );
}
