import sanitizeHtml from 'sanitize-html';

/** A logo's largest file: the header shows it at 40 px high; it travels in every page's branding. */
export const LOGO_MAX_BYTES = 100 * 1024;

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'title',
  'desc',
  'clipPath',
  'use',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'textLength',
  'lengthAdjust',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'id',
  'clip-path',
  'clip-rule',
  'preserveAspectRatio',
  'href',
];

/** A logo the operator or the agency administrator sent that cannot be used, with why in one line. */
export class LogoError extends Error {
  override name = 'LogoError';
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/**
 * The logo as the data: URI the branding carries: PNG and WebP as they are (recognised by their bytes,
 * not their name), SVG with only drawing elements kept — no script, no event attribute, no foreign
 * object, no external reference (an `href` only to the document's own `#id`). Over LOGO_MAX_BYTES or
 * anything else: a LogoError.
 */
export function logoDataUri(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new LogoError('the logo file is empty');
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new LogoError(`the logo is ${Math.ceil(bytes.byteLength / 1024)} KB; at most ${LOGO_MAX_BYTES / 1024} KB`);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return `data:image/webp;base64,${Buffer.from(bytes).toString('base64')}`;
  const text = Buffer.from(bytes).toString('utf8');
  if (!/<svg[\s>]/i.test(text)) throw new LogoError('the logo must be an SVG, PNG or WebP file');
  const clean = sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    // What a dropped element held goes with it (a <foreignObject>'s HTML, a <script>'s code).
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript'],
    allowedSchemesAppliedToAttributes: ['href'],
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
    exclusiveFilter: (frame) => frame.tag === 'use' && !String(frame.attribs.href ?? '').startsWith('#'),
    transformTags: {
      '*': (tagName, attribs) => {
        // An href may only point inside the drawing; a url(...) in a paint may only name a local gradient.
        const kept = Object.fromEntries(
          Object.entries(attribs).filter(([name, value]) => (name === 'href' ? value.startsWith('#') : !/url\(\s*['"]?(?!#)/i.test(value))),
        );
        return { tagName, attribs: kept };
      },
    },
  });
  if (!/^\s*<svg[\s>]/i.test(clean)) throw new LogoError('the SVG logo has no <svg> root element');
  return `data:image/svg+xml;base64,${Buffer.from(clean).toString('base64')}`;
}
