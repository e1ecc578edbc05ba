// Draws the app icon (app/icon.svg: a rust rounded square with a white fence post and rail) as
// the PNGs the web app manifest lists, with no image library: a few shapes, 4×4 supersampling,
// and Node's zlib for the PNG. Run `npm run icons` after changing the design; the PNGs are
// committed so a build needs nothing extra.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x9a, 0x34, 0x12];
const INK = [0xff, 0xff, 0xff];

/** Coverage of the 32-unit design at (x, y): 0 outside, 1 background, 2 white stroke. */
function shapeAt(x, y, rounded) {
  const r = rounded ? 6 : 0;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  if (x < 0 || y < 0 || x > 32 || y > 32 || (x - cx) ** 2 + (y - cy) ** 2 > r * r) return 0;
  const half = 3.5 / 2;
  const nearSegment = (x1, y1, x2, y2) => {
    const t = Math.max(
      0,
      Math.min(
        1,
        ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2),
      ),
    );
    return (x - x1 - t * (x2 - x1)) ** 2 + (y - y1 - t * (y2 - y1)) ** 2 <= half * half;
  };
  return nearSegment(16, 6, 16, 22) || nearSegment(8, 22, 24, 22) ? 2 : 1;
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** An RGBA PNG of the icon at `size` pixels; `rounded` false fills the square (maskable). */
export function iconPng(size, rounded = true) {
  const SS = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let inside = 0;
      let ink = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const hit = shapeAt(
            ((px + (sx + 0.5) / SS) * 32) / size,
            ((py + (sy + 0.5) / SS) * 32) / size,
            rounded,
          );
          if (hit) inside++;
          if (hit === 2) ink++;
        }
      }
      const alpha = inside / (SS * SS);
      const mix = inside ? ink / inside : 0;
      const o = 1 + px * 4;
      for (let c = 0; c < 3; c++) row[o + c] = Math.round(BACKGROUND[c] * (1 - mix) + INK[c] * mix);
      row[o + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A .ico holding one PNG image (browsers ask for /favicon.ico when installing an app). */
export function faviconIco(size = 48) {
  const png = iconPng(size);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(6 + 16, 18);
  return Buffer.concat([header, png]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const size of [192, 512]) {
    writeFileSync(`public/icon-${size}.png`, iconPng(size));
    writeFileSync(`public/icon-maskable-${size}.png`, iconPng(size, false));
  }
  writeFileSync('public/apple-touch-icon.png', iconPng(180, false));
  writeFileSync('public/favicon.ico', faviconIco());
  console.log('icons: wrote public/icon-*.png, apple-touch-icon.png and favicon.ico');
}
