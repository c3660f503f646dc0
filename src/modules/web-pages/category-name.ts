import { text } from './text/index.js';

/** A planet as people name its kind of object ("Artworks", "Watches"), in the reader's language; its id when it has none. */
export function categoryName(planet: string): string {
  return text.values.categories[planet] ?? planet;
}

/** A category's field by the label the pages give it ("Case diameter"), in the reader's language; its key when it has none. */
export function fieldName(name: string): string {
  return text.fields.labels[name] ?? name;
}
