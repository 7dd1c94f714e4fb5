/** WCAG relative luminance and contrast, to keep every agency theme at AA. */
const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const parseHex = (hex: string): [number, number, number] | null => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);

export const contrastRatio = (a: string, b: string) => {
  const la = luminance(parseHex(a) ?? [0, 0, 0]);
  const lb = luminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** Darkens a colour step by step until white text on it (and it on white) reaches `ratio`. */
export function ensureContrastOnWhite(hex: string, ratio = 4.5): string {
  let rgb = parseHex(hex) ?? [29, 78, 216];
  for (let i = 0; i < 40 && contrastRatio(toHex(rgb), '#ffffff') < ratio; i++) rgb = rgb.map((c) => c * 0.92) as typeof rgb;
  return toHex(rgb);
}

/** The colour darkened by `amount` (0–1), as the web app's lib/color.ts darkens it (the theme's strong shade). */
export function darken(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  return rgb ? toHex(rgb.map((c) => c * (1 - amount))) : hex;
}

/** A colour as the tools write it: #rrggbb. */
export const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

export type ColourProblem = { field: 'brand' | 'accent'; message: string };

/**
 * Why an agency's colours would fail WCAG AA where the app paints them (empty: they pass): white text on
 * the brand colour (the header, primary buttons) needs 4.5:1; the accent (links, focus rings, badges on
 * white) needs 4.5:1 against white too, as it carries text.
 */
export function colourProblems(colours: { brand: string; accent: string }): ColourProblem[] {
  const problems: ColourProblem[] = [];
  for (const field of ['brand', 'accent'] as const) {
    const colour = colours[field];
    if (!isHexColour(colour)) {
      problems.push({ field, message: `${field} must be a colour written #rrggbb (got "${colour}")` });
      continue;
    }
    const ratio = contrastRatio(colour, '#ffffff');
    if (ratio < 4.5)
      problems.push({
        field,
        message: `${field} ${colour.toLowerCase()} has a contrast of ${ratio.toFixed(2)}:1 with white text; WCAG AA needs 4.5:1 (choose a darker shade)`,
      });
  }
  return problems;
}
