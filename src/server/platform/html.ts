import sanitizeHtml from 'sanitize-html';

/** Agency-written HTML (info block, messages): a small safe subset, links forced to open safely. */
export const sanitizeAgencyHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span'],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
