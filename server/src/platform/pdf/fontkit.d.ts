// fontkit ships no types: what the PDF writer (does a face draw a character?) and the raster text
// (glyph outlines and advances, platform/raster/text.ts) ask of a font.
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { commands: PathCommand[] };
  }
  export interface Font {
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Buffer): Font;
}
