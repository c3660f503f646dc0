import { TILE_WIDTH } from './merkle.js';

/** C2SP tlog-tiles paths: tile/<L>/<N>[.p/<W>] and tile/entries/<N>[.p/<W>]. */

export interface TileRef {
  /** 'entries' for an entry bundle, else the tile level 0–63. */
  level: number | 'entries';
  index: number;
  /** 1–255 for a partial tile; 256 for a full one. */
  width: number;
}

/** N as zero-padded 3-digit path elements, all but the last prefixed with x: 1234067 → x001/x234/067. */
export function tileIndexPath(index: number): string {
  let path = String(index % 1000).padStart(3, '0');
  for (let rest = Math.floor(index / 1000); rest > 0; rest = Math.floor(rest / 1000)) {
    path = `x${String(rest % 1000).padStart(3, '0')}/${path}`;
  }
  return path;
}

export function tilePath(tile: TileRef): string {
  const partial = tile.width < TILE_WIDTH ? `.p/${tile.width}` : '';
  return `tile/${tile.level}/${tileIndexPath(tile.index)}${partial}`;
}

/** Parses the part after `tile/`; undefined for anything that is not a canonical tile path. */
export function parseTilePath(rest: string): TileRef | undefined {
  const elements = rest.split('/');
  const levelText = elements.shift();
  let level: number | 'entries';
  if (levelText === 'entries') level = 'entries';
  else if (levelText !== undefined && /^(0|[1-9][0-9]?)$/.test(levelText) && Number(levelText) <= 63)
    level = Number(levelText);
  else return undefined;
  let width = TILE_WIDTH;
  const last = elements.length - 1;
  if (elements.length >= 2 && elements[last - 1]!.endsWith('.p')) {
    const widthText = elements[last]!;
    if (!/^[1-9][0-9]{0,2}$/.test(widthText) || Number(widthText) >= TILE_WIDTH) return undefined;
    width = Number(widthText);
    elements.pop();
    elements[elements.length - 1] = elements[elements.length - 1]!.slice(0, -2);
  }
  if (elements.length === 0) return undefined;
  let index = 0;
  for (const [position, element] of elements.entries()) {
    const isLast = position === elements.length - 1;
    const match = (isLast ? /^([0-9]{3})$/ : /^x([0-9]{3})$/).exec(element);
    if (!match) return undefined;
    index = index * 1000 + Number(match[1]);
  }
  if (!Number.isSafeInteger(index)) return undefined;
  const parsed: TileRef = { level, index, width };
  // One path per tile: x000/001 is not 001.
  return tilePath(parsed) === `tile/${rest}` ? parsed : undefined;
}
