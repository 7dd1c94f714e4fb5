import { createHash } from 'node:crypto';
import type { Lang } from '@contract/account';
import { escapeHtml } from '@contract/html';
import { SANDBOX_PAY_BASE } from '@contract/payment';
import { CHALLENGE_ATTEMPTS, type Challenge } from './sandbox';

/**
 * The sandbox bank's page (3-D Secure), outside the web app: branded as the card holder's bank, it
 * shows what is paid, and — as real sandboxes do — the code a real bank would text, to type in. No
 * script; one inline style allowed by its hash; a CSP of its own that no page may frame.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#e8eef3;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(28rem,calc(100vw - 2rem));background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.2);overflow:hidden}
header{background:#0b3d5c;color:#fff;padding:1rem 1.5rem;display:flex;justify-content:space-between;align-items:center;gap:1rem}
header p{margin:0;font-weight:700;font-size:1.125rem}
header span{font-size:.875rem}
section{padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}
p{margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#334155}
dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
.sandbox{border:1px dashed #92400e;background:#fffbeb;color:#78350f;border-radius:8px;padding:.5rem .75rem}
.sandbox strong{font-size:1.25rem;letter-spacing:.15em;font-variant-numeric:tabular-nums}
form{display:flex;flex-direction:column;gap:1rem}
label{display:flex;flex-direction:column;gap:.25rem;font-weight:600}
input{font:inherit;padding:.625rem .75rem;border:1px solid #64748b;border-radius:8px;min-height:44px;letter-spacing:.1em}
input[aria-invalid=true]{border-color:#b91c1c}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
button{font:inherit;font-weight:600;min-height:44px;border-radius:8px;border:0;padding:.625rem 1rem;cursor:pointer;background:#0b3d5c;color:#fff}
button.secondary{background:#fff;color:#991b1b;border:1px solid #991b1b}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.actions button{flex:1}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#991b1b;border-radius:8px;padding:.5rem .75rem;font-weight:600}
a{color:#0b5cad;font-weight:600}
`;

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join(';');

export type Page = { status: number; html: string; csp: string };

const T = {
  fr: {
    bank: 'Banque Sandbox',
    secure: 'Paiement sécurisé · 3-D Secure',
    title: 'Confirmez votre paiement',
    intro: 'Pour protéger votre carte, votre banque vérifie que ce paiement vient bien de vous.',
    merchant: 'Marchand',
    amount: 'Montant',
    card: 'Carte',
    sandbox: 'Bac à sable : une vraie banque enverrait ce code par SMS. Code :',
    code: 'Code reçu par SMS',
    wrong: (left: number) => `Code incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
    approve: 'Valider le paiement',
    refuse: 'Refuser le paiement',
    closedTitle: 'Ce paiement n’attend plus de vérification',
    closed: 'Il a déjà été validé, refusé ou annulé.',
    back: 'Retour au site marchand',
    unknownTitle: 'Vérification introuvable',
    unknown: 'Ce lien de vérification n’existe pas ou a expiré.',
  },
  en: {
    bank: 'Sandbox Bank',
    secure: 'Secure payment · 3-D Secure',
    title: 'Confirm your payment',
    intro: 'To protect your card, your bank checks that this payment comes from you.',
    merchant: 'Merchant',
    amount: 'Amount',
    card: 'Card',
    sandbox: 'Sandbox: a real bank would text you this code. Code:',
    code: 'Code received by text message',
    wrong: (left: number) => `Wrong code. ${left} attempt${left > 1 ? 's' : ''} left.`,
    approve: 'Approve the payment',
    refuse: 'Refuse the payment',
    closedTitle: 'This payment no longer awaits a check',
    closed: 'It was already approved, refused or cancelled.',
    back: 'Back to the merchant’s site',
    unknownTitle: 'Check not found',
    unknown: 'This check link does not exist or has expired.',
  },
};

function page(lang: Lang, status: number, title: string, body: string): Page {
  const t = T[lang];
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(`${title} – ${t.bank}`)}</title><style>${STYLE}</style></head><body><main><header><p>${t.bank}</p><span>${t.secure}</span></header><section>${body}</section></main></body></html>`;
  return { status, html, csp: CSP };
}

const money = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const brandName = (brand: string) => (brand === 'visa' ? 'Visa' : brand === 'mastercard' ? 'Mastercard' : brand);

/** The challenge: what is paid, the sandbox's code, the code field (focused), approve or refuse. */
export function challengePage(lang: Lang, challengeId: string, c: Challenge, wrongCode: boolean): Page {
  const t = T[lang];
  if (!c.open) return closedPage(lang, c.returnUrl);
  const left = CHALLENGE_ATTEMPTS - c.wrongCodes;
  const action = `${SANDBOX_PAY_BASE}/challenge/${encodeURIComponent(challengeId)}`;
  const body = `<h1>${t.title}</h1><p>${t.intro}</p>
<dl><dt>${t.merchant}</dt><dd>${escapeHtml(c.description)}</dd><dt>${t.amount}</dt><dd>${money(c.amount, lang)}</dd><dt>${t.card}</dt><dd>${brandName(c.brand)} •••• ${escapeHtml(c.last4)}</dd></dl>
<p class="sandbox">${t.sandbox} <strong>${escapeHtml(c.code)}</strong></p>
<form method="post" action="${action}" novalidate>
${wrongCode ? `<p class="alert" role="alert" id="wrong">${t.wrong(left)}</p>` : ''}
<label>${t.code}<input name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required autofocus${wrongCode ? ' aria-invalid="true" aria-describedby="wrong"' : ''}></label>
<div class="actions"><button type="submit" name="action" value="approve">${t.approve}</button><button type="submit" class="secondary" name="action" value="refuse" formnovalidate>${t.refuse}</button></div>
</form>`;
  return page(lang, wrongCode ? 400 : 200, t.title, body);
}

export function closedPage(lang: Lang, returnUrl: string): Page {
  const t = T[lang];
  return page(lang, 409, t.closedTitle, `<h1>${t.closedTitle}</h1><p>${t.closed}</p><p><a href="${escapeHtml(returnUrl)}">${t.back}</a></p>`);
}

export function unknownPage(lang: Lang): Page {
  const t = T[lang];
  return page(lang, 404, t.unknownTitle, `<h1>${t.unknownTitle}</h1><p>${t.unknown}</p><p><a href="/">${t.back}</a></p>`);
}
