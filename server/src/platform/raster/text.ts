import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from 'fontkit';
import { onFirstUse } from '../lazy';
import { woffToSfnt } from '../pdf/woff';
import { type Canvas, type Coverage, contoursOf, type Point, type Rgb, rasterize } from './canvas';

/*
 * Text on a raster canvas with the font the PDFs use (Noto Sans SC from @fontsource/noto-sans-sc,
 * its latin and chinese-simplified faces): each character in the first face that draws it, glyph
 * outlines scan-converted by canvas.ts. Upright glyphs are rasterized once per face, glyph and size
 * (a form repeats its digits and labels), so a picture costs little more than copying masks.
 */

export type Weight = 'regular' | 'bold';

interface Face {
  name: string;
  font: Fontkit.Font;
}

const faces = onFirstUse(async (): Promise<Record<Weight, Face[]>> => {
  const fontkit = await import('fontkit');
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
  const load = (subset: string, weight: Weight): Face => ({
    name: `${subset}-${weight}`,
    font: fontkit.create(woffToSfnt(readFileSync(join(dir, `noto-sans-sc-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`)))),
  });
  return {
    regular: [load('latin', 'regular'), load('chinese-simplified', 'regular')],
    bold: [load('latin', 'bold'), load('chinese-simplified', 'bold')],
  };
});

/** The faces, loaded on first use (about 60 ms); every other call here needs them loaded. */
export async function loadFonts(): Promise<void> {
  loaded = await faces();
}
let loaded: Record<Weight, Face[]> | null = null;

interface Placed {
  face: Face;
  glyph: Fontkit.Glyph;
  /** Offset from the text's start, in pixels. */
  x: number;
}

function layout(text: string, size: number, weight: Weight): { glyphs: Placed[]; width: number } {
  if (!loaded) throw new Error('loadFonts() first');
  const list = loaded[weight];
  const glyphs: Placed[] = [];
  let x = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const face = (list.find((f) => f.font.hasGlyphForCodePoint(cp)) ?? list[list.length - 1]) as Face;
    const glyph = face.font.glyphForCodePoint(cp);
    glyphs.push({ face, glyph, x });
    x += (glyph.advanceWidth * size) / face.font.unitsPerEm;
  }
  return { glyphs, width: x };
}

export function textWidth(text: string, size: number, weight: Weight = 'regular'): number {
  return layout(text, size, weight).width;
}

const cache = new Map<string, Coverage | null>();

/** A glyph's coverage with its origin (pen position on the baseline) at (0, 0). */
function glyphMask(face: Face, glyph: Fontkit.Glyph, size: number): Coverage | null {
  const key = `${face.name}:${glyph.id}:${size}`;
  let mask = cache.get(key);
  if (mask === undefined) {
    const k = size / face.font.unitsPerEm;
    mask = rasterize(contoursOf(glyph.path.commands, (x, y) => [x * k, -y * k]));
    // Bounded: a process drawing many sizes keeps only the latest few thousand glyphs.
    if (cache.size > 5_000) cache.clear();
    cache.set(key, mask);
  }
  return mask;
}

export interface TextStyle {
  size: number;
  color: Rgb;
  weight?: Weight;
  align?: 'left' | 'center' | 'right';
  alpha?: number;
  /** Extra space after each character, in pixels (the spaced-out titles of printed forms). */
  spacing?: number;
}

/** Draws a line of text with its baseline at y; x is its left edge, centre or right edge by `align`. Answers its width. */
export function drawText(canvas: Canvas, text: string, x: number, y: number, style: TextStyle): number {
  const { glyphs, width: plain } = layout(text, style.size, style.weight ?? 'regular');
  const spacing = style.spacing ?? 0;
  const width = plain + spacing * Math.max(0, glyphs.length - 1);
  const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
  glyphs.forEach((g, i) => {
    const mask = glyphMask(g.face, g.glyph, style.size);
    if (mask) canvas.paint(mask, style.color, Math.round(left + g.x + i * spacing), Math.round(y), style.alpha ?? 1);
  });
  return width;
}

/**
 * Draws characters along the upper arc of an ellipse, each upright to the curve (the company name
 * around a seal): from angle `from` to `to` (radians, 0 = right, clockwise on screen).
 */
export function drawTextOnArc(
  canvas: Canvas,
  text: string,
  centre: Point,
  radii: Point,
  from: number,
  to: number,
  style: Omit<TextStyle, 'align' | 'spacing'>,
): void {
  const chars = [...text];
  const { glyphs } = layout(text, style.size, style.weight ?? 'regular');
  chars.forEach((_, i) => {
    const g = glyphs[i] as Placed;
    const t = chars.length === 1 ? 0.5 : i / (chars.length - 1);
    const angle = from + (to - from) * t;
    const px = centre[0] + radii[0] * Math.cos(angle);
    const py = centre[1] + radii[1] * Math.sin(angle);
    // The glyph's up points to the centre: rotate by the angle + 90°.
    const rot = angle + Math.PI / 2;
    const cos = Math.cos(rot);
    const sin = Math.sin(rot);
    const k = style.size / g.face.font.unitsPerEm;
    const half = (g.glyph.advanceWidth * k) / 2;
    const contours = contoursOf(g.glyph.path.commands, (gx, gy) => {
      const lx = gx * k - half;
      const ly = -gy * k;
      return [px + lx * cos - ly * sin, py + lx * sin + ly * cos];
    });
    canvas.fill(contours, style.color, style.alpha ?? 1);
  });
}
