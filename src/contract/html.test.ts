import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters HTML gives a meaning to', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('escapes an ampersand once, so an entity in the text shows as written', () => {
    expect(escapeHtml('&amp; &#39;')).toBe('&amp;amp; &amp;#39;');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Zürich — 08:00, 2 voyageurs')).toBe('Zürich — 08:00, 2 voyageurs');
    expect(escapeHtml('')).toBe('');
  });
});
