/** Colour helpers for agency themes: WCAG contrast, and darkening until a colour passes. */
type Rgb = [number, number, number];

export function parseHex(color: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function darken(color: string, amount: number): string {
  const rgb = parseHex(color);
  return rgb ? toHex(rgb.map((c) => c * (1 - amount)) as Rgb) : color;
}

/** `color`, darkened in small steps until it reaches `ratio` against `background`. */
export function ensureContrast(color: string, background: string, ratio: number): string {
  let c = color;
  for (let i = 0; i < 20 && contrast(c, background) < ratio; i++) c = darken(c, 0.08);
  return c;
}
