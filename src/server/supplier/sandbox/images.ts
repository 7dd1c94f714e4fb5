/**
 * Small deterministic SVG pictures for sandbox hotels and cars (served by the API under
 * /media/sandbox/…): no text, no external resource, under 2 KB each.
 */
import { SupplierError } from '../types';
import { hotelById } from './hotel-population';
import { hashString } from './random';

const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
const STAR = '<path id="s" d="M0-10L2.35-3.24 9.51-3.09 3.8 1.24 5.88 8.09 0 4-5.88 8.09-3.8 1.24-9.51-3.09-2.35-3.24z" fill="#f5b301"/>';
const FACADES = ['#e8d8c4', '#d9c2a7', '#cfd8dc', '#f0e6d2', '#c8b6a6', '#dfe6e9'];
const ROOFS = ['#5d4037', '#37474f', '#6d4c41', '#455a64'];
const SKIES = ['#cfe8fc', '#bfe0f5', '#ffe3c7', '#d7ecf7'];

/** Windows of a facade as one path: a grid of `cols` × `rows`. */
function windows(x: number, y: number, cols: number, rows: number, w: number, h: number, gx: number, gy: number) {
  let d = '';
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) d += `M${x + c * (w + gx)} ${y + r * (h + gy)}h${w}v${h}h-${w}z`;
  return d;
}

export function hotelImageSvg(hotelId: string, n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 4) throw new SupplierError('invalid-request', 'Image inconnue.');
  const h = hashString(`${hotelId}:${n}`);
  const stars = hotelById(hotelId)?.stars ?? 3;
  const facade = FACADES[h % FACADES.length]!;
  const roof = ROOFS[(h >>> 4) % ROOFS.length]!;
  const sky = SKIES[(h >>> 8) % SKIES.length]!;
  const starRow = Array.from({ length: stars }, (_, i) => `<use href="#s" x="${160 - (stars - 1) * 11 + i * 22}" y="22"/>`).join('');
  if (n === 1 || n === 4) {
    // Facade by day (1) or by night with lit windows (4).
    const night = n === 4;
    const floors = 3 + (stars > 3 ? 2 : 1) + ((h >>> 12) % 2);
    const top = 180 - floors * 22;
    const cols = 6 + ((h >>> 14) % 3);
    const ww = Math.floor(180 / cols) - 8;
    return svg(
      320,
      200,
      `<defs>${STAR}</defs><rect width="320" height="200" fill="${night ? '#1c2541' : sky}"/>` +
        `<rect x="60" y="${top}" width="200" height="${200 - top}" fill="${night ? '#3a506b' : facade}"/>` +
        `<rect x="52" y="${top - 10}" width="216" height="12" fill="${roof}"/>` +
        `<path d="${windows(72, top + 10, cols, floors - 1, ww, 12, 8, 10)}" fill="${night ? '#ffd166' : '#5b7c99'}"/>` +
        `<rect x="140" y="168" width="40" height="32" fill="${roof}"/><rect x="110" y="160" width="100" height="6" fill="#b23a48"/>` +
        `<rect y="196" width="320" height="4" fill="#6b705c"/>${starRow}`,
    );
  }
  if (n === 2) {
    // Bedroom: wall, window, bed with pillows, bedside lamp.
    const wall = FACADES[(h >>> 3) % FACADES.length]!;
    const sheet = ['#ffffff', '#f4f1ea', '#eef3f7'][(h >>> 6) % 3]!;
    return svg(
      320,
      200,
      `<defs>${STAR}</defs><rect width="320" height="200" fill="${wall}"/><rect y="150" width="320" height="50" fill="#8d6e63"/>` +
        `<rect x="200" y="40" width="80" height="70" fill="${sky}" stroke="#fff" stroke-width="4"/>` +
        `<rect x="50" y="86" width="150" height="30" rx="4" fill="${roof}"/><rect x="40" y="112" width="170" height="44" rx="6" fill="${sheet}"/>` +
        `<rect x="56" y="100" width="60" height="18" rx="6" fill="#fff"/><rect x="132" y="100" width="60" height="18" rx="6" fill="#fff"/>` +
        `<rect x="40" y="130" width="170" height="26" fill="#b23a48" opacity=".8"/><rect x="222" y="128" width="36" height="28" fill="${roof}"/>` +
        `<path d="M230 100h20l6 16h-32z" fill="#ffd166"/>${starRow}`,
    );
  }
  // n === 3: restaurant / breakfast room: tables and chairs.
  let tables = '';
  for (let i = 0; i < 3; i++) {
    const x = 60 + i * 100;
    tables +=
      `<ellipse cx="${x}" cy="140" rx="34" ry="10" fill="#fff"/><rect x="${x - 3}" y="140" width="6" height="40" fill="${roof}"/>` +
      `<rect x="${x - 50}" y="130" width="10" height="50" fill="${roof}"/><rect x="${x + 40}" y="130" width="10" height="50" fill="${roof}"/>`;
  }
  return svg(
    320,
    200,
    `<defs>${STAR}</defs><rect width="320" height="200" fill="${facade}"/><rect y="180" width="320" height="20" fill="#a1887f"/><path d="M20 30h280v60H20z" fill="${sky}"/>${tables}${starRow}`,
  );
}

/** Body outlines (viewBox 320 × 160, wheels on y = 122) and their windows, by ACRISS car type. */
const SHAPES = {
  hatch: ['M30 118V92q2-12 20-16l45-6 35-24q10-6 30-6h55q17 0 25 12l22 26q28 4 30 22v18z', 'M104 70l30-20q8-4 22-4h56q14 0 20 10l18 16z'],
  sedan: ['M22 118V94q2-12 22-16l51-6 33-24q8-6 24-6h53q15 0 25 10l20 20 38 6q10 4 10 18v22z', 'M104 72l28-22q6-4 20-4h50q12 0 20 8l20 18z'],
  suv: ['M28 118V84q2-12 18-14l44-4 28-30q6-6 18-6h104q12 0 18 12l18 28q16 4 16 20v28z', 'M100 66l24-28q4-3 12-3h100q8 0 12 8l14 23z'],
  van: ['M20 118V40q0-14 16-14h214q12 0 20 12l24 38q6 6 6 16v26z', 'M250 34h6q8 0 14 10l16 26h-36z'],
  convertible: ['M24 118V94q2-12 22-14l224-2q26 4 26 22v18z', 'M122 79l18-20h6l-14 20z'],
  sport: ['M20 118v-18q2-12 24-16l66-8q30-24 60-24l35 2q25 4 47 22l38 8q10 4 10 20v14z', 'M116 76q26-20 54-20l32 2q20 4 36 18z'],
} as const;
type Shape = keyof typeof SHAPES;

const shapeOf = (acriss: string): Shape => {
  const [size, type] = acriss;
  if (type === 'V' || type === 'K' || type === 'M') return 'van';
  if (type === 'F' || type === 'J') return 'suv';
  if (type === 'T' || type === 'N') return 'convertible';
  if (type === 'S' || type === 'E' || (type === 'X' && size === 'X')) return 'sport';
  return 'FPLXSIGRUW'.includes(size!) && type === 'D' ? 'sedan' : 'hatch';
};
const COLOURS: Record<string, string> = {
  M: '#2a9d8f',
  N: '#2a9d8f',
  E: '#e76f51',
  H: '#e76f51',
  C: '#457b9d',
  D: '#457b9d',
  I: '#6c757d',
  J: '#6c757d',
  S: '#1d3557',
  R: '#1d3557',
  F: '#264653',
  G: '#264653',
  P: '#222222',
  U: '#222222',
  L: '#111111',
  W: '#111111',
  X: '#c1121f',
  O: '#f4a261',
};

export function carImageSvg(acriss: string): string {
  if (!/^[A-Z]{4}$/.test(acriss)) throw new SupplierError('invalid-request', 'Code ACRISS invalide.');
  const shape = shapeOf(acriss);
  const [body, glass] = SHAPES[shape];
  const colour = acriss[1] === 'K' ? '#f1f1f1' : (COLOURS[acriss[0]!] ?? '#457b9d');
  const electric = 'EC'.includes(acriss[3]!);
  const wheels = shape === 'van' ? [72, 248] : [82, 240];
  return svg(
    320,
    160,
    `<rect width="320" height="160" fill="#f4f6f8"/><ellipse cx="160" cy="142" rx="140" ry="6" fill="#d0d5da"/>` +
      `<path d="${body}" fill="${colour}" stroke="#1b1b1b" stroke-width="2"/>${glass ? `<path d="${glass}" fill="#a8dadc"/>` : ''}` +
      wheels.map((x) => `<circle cx="${x}" cy="122" r="20" fill="#222"/><circle cx="${x}" cy="122" r="8" fill="#bbb"/>`).join('') +
      (electric ? '<path d="M286 20l-14 22h10l-6 18 18-26h-10l6-14z" fill="#2ecc71"/>' : ''),
  );
}

/** A generous width of bold capitals and digits in a system font: 0.72 em each. */
const carrierLabelWidth = (code: string, fontSize: number) => Math.ceil(code.length * fontSize * 0.72);

/** A carrier's badge: its whole code (SNCF, EUROSTAR) on a colour of its own, wider for longer codes (codes are [A-Z0-9], checked by the route). */
export function carrierLogoSvg(code: string): string {
  const hue = hashString(`carrier:${code}`) % 360;
  const fontSize = code.length > 2 ? 14 : 18;
  const width = Math.max(48, carrierLabelWidth(code, fontSize) + 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48" role="img"><rect width="${width}" height="48" rx="10" fill="hsl(${hue} 55% 32%)"/><text x="${width / 2}" y="30" font-family="system-ui,sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle">${code}</text></svg>`;
}
