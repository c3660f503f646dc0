import { Type, type ObjectOptions, type TSchema } from '@sinclair/typebox';

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
