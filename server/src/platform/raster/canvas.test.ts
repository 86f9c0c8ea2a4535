import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Canvas, contoursOf, rasterize, rgb } from './canvas';
import { drawText, loadFonts, textWidth } from './text';

/** The chunks of a PNG, each CRC checked, and its pixels (8-bit RGB, filter 0 rows as written). */
function decode(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Array<{ type: string; body: Buffer }> = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(crc32(png.subarray(at + 4, at + 8 + len)) >>> 0);
    chunks.push({ type, body });
    at += 12 + len;
  }
  const ihdr = chunks[0]?.body as Buffer;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.body)));
  const pixel = (x: number, y: number) => [...raw.subarray(y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3)];
  return { types: chunks.map((c) => c.type), width, height, depth: ihdr[8], colour: ihdr[9], raw, pixel };
}

describe('raster canvas', () => {
  it('encodes a valid RGB PNG with what was drawn', () => {
    const c = new Canvas(40, 30, rgb('#ffffff'));
    c.fillRect(10, 5, 10, 10, rgb('#ff0000'));
    c.hline(0, 40, 25, rgb('#0000ff'), 2);
    const png = decode(c.png());
    expect(png).toMatchObject({ types: ['IHDR', 'IDAT', 'IEND'], width: 40, height: 30, depth: 8, colour: 2 });
    expect(png.raw.length).toBe(30 * (40 * 3 + 1));
    expect(png.pixel(12, 7)).toEqual([255, 0, 0]);
    expect(png.pixel(5, 7)).toEqual([255, 255, 255]);
    expect(png.pixel(5, 26)).toEqual([0, 0, 255]);
    expect(png.pixel(5, 27)).toEqual([255, 255, 255]);
  });

  it('covers the inside of an outline fully and its edges in proportion', () => {
    const square = rasterize([
      [
        [2, 2],
        [6, 2],
        [6, 6],
        [2, 6],
      ],
    ]);
    const at = (x: number, y: number) => square?.alpha[(y - (square?.y ?? 0)) * (square?.width ?? 0) + x - (square?.x ?? 0)] ?? 0;
    expect(at(3, 3)).toBeCloseTo(1, 5);
    expect(at(1, 3)).toBe(0);
    const half = rasterize([
      [
        [0, 0],
        [2.5, 0],
        [2.5, 1],
        [0, 1],
      ],
    ]);
    expect(half?.alpha[2]).toBeCloseTo(0.5, 5);
    // Curves are flattened into the contour they bound.
    const curved = contoursOf(
      [
        { command: 'moveTo', args: [0, 0] },
        { command: 'quadraticCurveTo', args: [10, 20, 20, 0] },
        { command: 'closePath', args: [] },
      ],
      (x, y) => [x, y],
    );
    expect(curved).toHaveLength(1);
    expect((curved[0] as unknown[]).length).toBeGreaterThan(3);
  });

  it('draws Chinese and Latin text with the Noto faces, where it was asked to', async () => {
    await loadFonts();
    const c = new Canvas(200, 40, rgb('#ffffff'));
    const w = drawText(c, '价税合计 ¥106.00', 10, 28, { size: 16, color: rgb('#000000') });
    expect(w).toBeCloseTo(textWidth('价税合计 ¥106.00', 16), 5);
    expect(w).toBeGreaterThan(100);
    const png = decode(c.png());
    let ink = 0;
    let outside = 0;
    for (let y = 0; y < 40; y++)
      for (let x = 0; x < 200; x++) {
        const dark = (png.pixel(x, y)[0] ?? 255) < 128;
        if (dark && x >= 10 && x <= 10 + w && y >= 8 && y <= 32) ink++;
        else if (dark) outside++;
      }
    expect(ink).toBeGreaterThan(150);
    expect(outside).toBe(0);
  });
});
