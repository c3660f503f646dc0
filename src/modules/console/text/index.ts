import { developersText } from './developers.text.js';
import { layoutText } from './layout.text.js';

/**
 * Every word the console shows, in one place so it can be translated later: one file per area
 * (`<area>.text.ts`), gathered here. Views read `text.<area>.<key>`; none writes English inline.
 */
export const text = {
  ...layoutText,
  ...developersText,
} as const;
