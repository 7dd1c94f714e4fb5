import { createHash } from 'node:crypto';
import type { Lang } from '@contract/account';
import { escapeHtml } from '@contract/html';

/**
 * The few HTML pages single sign-on shows outside the web app: the error page of a failed sign-in
 * and the demo provider's sign-in form. One small inline style, allowed by its hash: the pages
 * carry a CSP of their own, stricter than the app's (no script at all).
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(26rem,calc(100vw - 2rem));background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 3px rgba(15,23,42,.15)}
h1{font-size:1.375rem;margin:0 0 1rem}
p{margin:0 0 1rem}
.note{color:#334155;font-size:.9375rem}
form{display:flex;flex-direction:column;gap:1rem}
label{display:flex;flex-direction:column;gap:.25rem;font-weight:600}
input{font:inherit;padding:.625rem .75rem;border:1px solid #64748b;border-radius:8px;min-height:44px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
button{font:inherit;font-weight:600;min-height:44px;border-radius:8px;border:0;padding:.625rem 1rem;cursor:pointer;background:#1d4ed8;color:#fff}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.actions button{flex:1}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#991b1b;border-radius:8px;padding:.5rem .75rem}
a{color:#1d4ed8;font-weight:600}
`;

const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join(';');

export type Page = { status: number; html: string; csp: string };

function page(lang: Lang, status: number, title: string, body: string): Page {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return { status, html, csp: CSP };
}

/** Why a sign-in failed, as the person is told; every one of them leaves them signed out. */
export type SsoFailureReason = 'unknown_entry' | 'expired' | 'invalid' | 'refused' | 'unavailable' | 'email' | 'account';

const REASONS: Record<SsoFailureReason, { status: number; fr: string; en: string }> = {
  unknown_entry: { status: 404, fr: 'Cette entrée de connexion n’existe pas.', en: 'This sign-in entry does not exist.' },
  expired: {
    status: 400,
    fr: 'Cette tentative de connexion a expiré, a déjà servi ou a commencé dans un autre navigateur. Recommencez depuis l’accueil.',
    en: 'This sign-in attempt has expired, was already used or began in another browser. Start again from the home page.',
  },
  invalid: {
    status: 400,
    fr: 'La réponse du fournisseur d’identité n’a pas pu être vérifiée : la connexion est refusée.',
    en: 'The identity provider’s answer could not be verified: the sign-in is refused.',
  },
  refused: { status: 401, fr: 'Le fournisseur d’identité n’a pas confirmé votre identité.', en: 'The identity provider did not confirm who you are.' },
  unavailable: {
    status: 502,
    fr: 'Le fournisseur d’identité ne répond pas. Réessayez dans quelques minutes.',
    en: 'The identity provider does not answer. Try again in a few minutes.',
  },
  email: {
    status: 403,
    fr: 'Le fournisseur d’identité n’a pas donné d’adresse e-mail vérifiée : votre compte ne peut pas être retrouvé.',
    en: 'The identity provider gave no verified e-mail address: your account cannot be found.',
  },
  account: {
    status: 403,
    fr: 'Votre compte ne peut pas être utilisé ici. Contactez votre agence de voyages.',
    en: 'Your account cannot be used here. Contact your travel agency.',
  },
};

/** The page of a failed sign-in: what happened, that nobody is signed in, and the way home. */
export function failurePage(lang: Lang, reason: SsoFailureReason): Page {
  const { status, ...text } = REASONS[reason];
  const [title, notSignedIn, home] =
    lang === 'en'
      ? ['Sign-in failed', 'You are not signed in.', 'Back to the home page']
      : ['Connexion impossible', 'Vous n’êtes pas connecté.', 'Retour à l’accueil'];
  return page(lang, status, title, `<h1>${title}</h1><p>${escapeHtml(text[lang])}</p><p class="note">${notSignedIn}</p><p><a href="/">${home}</a></p>`);
}

/** The demo provider's sign-in form (features/sso/demo-provider.ts). */
export function providerLoginPage(lang: Lang, { company, uid, username, failed }: { company: string; uid: string; username: string; failed: boolean }): Page {
  const t =
    lang === 'en'
      ? {
          title: `Sign in to ${company}`,
          note: 'Escale’s demo identity provider (OpenID Connect): sign in with your Escale username and password.',
          form: 'Identity provider sign-in',
          username: 'Username',
          password: 'Password',
          submit: 'Sign in',
          cancel: 'Cancel',
          wrong: 'Username or password incorrect.',
        }
      : {
          title: `Connexion à ${company}`,
          note: 'Fournisseur d’identité de démonstration d’Escale (OpenID Connect) : connectez-vous avec votre nom d’utilisateur et votre mot de passe Escale.',
          form: 'Connexion au fournisseur d’identité',
          username: 'Nom d’utilisateur',
          password: 'Mot de passe',
          submit: 'Se connecter',
          cancel: 'Annuler',
          wrong: 'Nom d’utilisateur ou mot de passe incorrect.',
        };
  const action = `/oidc/interaction/${encodeURIComponent(uid)}`;
  // The first field to fill takes the focus (no script: autofocus).
  const body = `<h1>${escapeHtml(t.title)}</h1><p class="note">${escapeHtml(t.note)}</p>
<form method="post" action="${action}/login" aria-label="${escapeHtml(t.form)}" novalidate>
${failed ? `<p class="alert" role="alert" id="failed">${escapeHtml(t.wrong)}</p>` : ''}
<label>${escapeHtml(t.username)}<input name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="254" value="${escapeHtml(username)}"${username ? '' : ' autofocus'}></label>
<label>${escapeHtml(t.password)}<input name="password" type="password" autocomplete="current-password" required maxlength="256"${username ? ' autofocus' : ''}${failed ? ' aria-describedby="failed"' : ''}></label>
<div class="actions"><button type="submit">${escapeHtml(t.submit)}</button><button type="submit" class="secondary" formaction="${action}/abort">${escapeHtml(t.cancel)}</button></div>
</form>`;
  return page(lang, failed ? 401 : 200, t.title, body);
}
