import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@contract/rels';

/**
 * Security headers, built once: a CSP that allows only what the app uses (its own scripts, styles,
 * images incl. data:/blob: for the map, workers for the PWA and map — maplibre's worker is a file of
 * ours, its canvas reads images as blobs), plus helmet's usual set. With MAP_STYLE_URL the browser
 * may fetch from that style's origin too: the style itself (the server's /map/style.json redirects
 * there), its tiles, sprites and glyphs.
 * Precomputed because rebuilding them per request was a measurable share of a small API answer.
 * API and developer answers carry tokens and personal data: no cache may keep them (a route may
 * still say otherwise).
 */
export function installSecurityHeaders(app: FastifyInstance, { production, mapStyleUrl }: { production: boolean; mapStyleUrl: string | null }) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${mapStyleUrl ? ` ${new URL(mapStyleUrl).origin}` : ''}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "script-src-attr 'none'",
  ].join(';');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith(`${API_BASE}/`) || request.url.startsWith('/dev/')) reply.header('cache-control', 'no-store');
  });
}
