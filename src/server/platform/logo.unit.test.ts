import { describe, expect, it } from 'vitest';
import { colourProblems } from './colors';
import { LOGO_MAX_BYTES, LogoError, logoDataUri } from './logo';

const decoded = (uri: string) => Buffer.from(uri.split(',')[1]!, 'base64').toString();

describe('an agency logo', () => {
  it('keeps an SVG drawing and drops scripts, event handlers, foreign HTML and outside references', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
      '<rect width="10" height="10" fill="url(#g)"/><rect fill="url(https://evil.example/x)"/><a href="javascript:alert(3)"><text>Acme</text></a>' +
      '<foreignObject><div>html</div></foreignObject><use href="https://evil.example/x.svg#a"/><use href="#g"/>' +
      '<linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></svg>';
    const uri = logoDataUri(Buffer.from(svg));
    expect(uri.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const clean = decoded(uri);
    expect(clean).toContain('viewBox="0 0 10 10"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('<text>Acme</text>');
    expect(clean).not.toMatch(/script|alert|onload|javascript|evil|foreignObject|html/i);
  });

  it('takes PNG and WebP by their bytes and refuses anything else, empty or too large', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect(logoDataUri(png)).toBe(`data:image/png;base64,${png.toString('base64')}`);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    expect(logoDataUri(webp).startsWith('data:image/webp;base64,')).toBe(true);
    expect(() => logoDataUri(Buffer.from('GIF89a'))).toThrow(/SVG, PNG or WebP/);
    expect(() => logoDataUri(Buffer.alloc(0))).toThrow(LogoError);
    expect(() => logoDataUri(Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]))).toThrow(/at most 100 KB/);
  });
});

describe("an agency's colours", () => {
  it('pass when white text reads on both at WCAG AA, and say which one fails and by how much otherwise', () => {
    expect(colourProblems({ brand: '#1d4ed8', accent: '#0f766e' })).toEqual([]);
    const problems = colourProblems({ brand: '#ffd700', accent: 'teal' });
    expect(problems.map((p) => p.field)).toEqual(['brand', 'accent']);
    expect(problems[0]!.message).toMatch(/#ffd700 has a contrast of 1\.\d\d:1 .*4\.5:1/);
    expect(problems[1]!.message).toMatch(/#rrggbb/);
  });
});
