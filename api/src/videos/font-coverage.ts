import { readFileSync } from 'node:fs';

/**
 * Which characters a TrueType font has a glyph for, read from its `cmap` table: a Windows Unicode subtable in format
 * 12 (every plane) or format 4 (the basic plane), the two every TrueType font for Unicode text carries. A character
 * without a glyph is drawn by ffmpeg's drawtext as an empty box.
 */
export function fontCoverage(font: Buffer): (codePoint: number) => boolean {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('The font has no cmap table');
  const subtables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    subtables.set(`${font.readUInt16BE(record)}/${font.readUInt16BE(record + 2)}`, cmap + font.readUInt32BE(record + 4));
  }
  const full = subtables.get('3/10');
  if (full !== undefined && font.readUInt16BE(full) === 12) return format12(font, full);
  const basic = subtables.get('3/1') ?? subtables.get('0/3');
  if (basic !== undefined && font.readUInt16BE(basic) === 4) return format4(font, basic);
  throw new Error('The font has no Unicode cmap in format 4 or 12');
}

function format12(font: Buffer, at: number): (codePoint: number) => boolean {
  const groups: [number, number][] = [];
  for (let i = 0; i < font.readUInt32BE(at + 12); i++) {
    const group = at + 16 + i * 12;
    groups.push([font.readUInt32BE(group), font.readUInt32BE(group + 4)]);
  }
  return (codePoint) => groups.some(([start, end]) => codePoint >= start && codePoint <= end);
}

function format4(font: Buffer, at: number): (codePoint: number) => boolean {
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return false;
    for (let i = 0; i < segments; i++) {
      if (codePoint > font.readUInt16BE(ends + i * 2)) continue;
      const start = font.readUInt16BE(starts + i * 2);
      if (codePoint < start) return false;
      const delta = font.readUInt16BE(deltas + i * 2);
      const offsetAt = rangeOffsets + i * 2;
      const rangeOffset = font.readUInt16BE(offsetAt);
      if (rangeOffset === 0) return ((codePoint + delta) & 0xffff) !== 0;
      const glyph = font.readUInt16BE(offsetAt + rangeOffset + (codePoint - start) * 2);
      return glyph !== 0 && ((glyph + delta) & 0xffff) !== 0;
    }
    return false;
  };
}

/** Coverage of a font file, read once. */
export function fileCoverage(path: string): (codePoint: number) => boolean {
  let covers: ((codePoint: number) => boolean) | undefined;
  return (codePoint) => (covers ??= fontCoverage(readFileSync(path)))(codePoint);
}

/** Whether every visible character of `text` has a glyph (spaces and line breaks need none). */
export function drawsAll(text: string, covers: (codePoint: number) => boolean): boolean {
  for (const character of text) {
    if (/\s/.test(character)) continue;
    if (!covers(character.codePointAt(0)!)) return false;
  }
  return true;
}
