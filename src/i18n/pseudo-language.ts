import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'aAcCeEiInNoOsSuUyYzZ'].map((letter, index) => [letter, [...'åÅçÇéÉîÎñÑöÖšŠûÛýÝžŽ'][index]!]),
);

function accent(words: string): string {
  return words.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter);
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/**
 * The pseudo language's message from the English source: its words accented and the whole between ⟦ ⟧, placeholders
 * untouched. A page in the pseudo language shows at a glance (and to a test) any English that did not come from here.
 */
export function pseudoMessage(source: string): MessageFormatElement[] {
  const elements = pseudoElements(parse(source));
  return [{ type: TYPE.literal, value: '⟦' }, ...elements, { type: TYPE.literal, value: '⟧' }];
}
