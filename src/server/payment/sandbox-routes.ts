import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Lang } from '@contract/account';
import { SANDBOX_PAY_BASE } from '@contract/payment';
import { requestLang } from '../platform/errors';
import type { SandboxPayment, TokenizeRefusal } from './sandbox';
import { challengePage, closedPage, unknownPage, type Page } from './sandbox-pages';

/**
 * The sandbox payment service's own HTTP side, served by this server in demo mode and tests only
 * (app.ts), outside the API like the demo identity provider (/oidc): the browser's tokenization of a
 * card (a real service's "card element" endpoint), and the bank's 3-D Secure page. Neither takes the
 * Api-Key: the payment service knows no agency. The card's number is read once, never logged nor kept.
 */

const REFUSALS: Record<string, Record<Lang, string>> = {
  PAYMENT_CARD_NUMBER_INVALID: { fr: 'Numéro de carte invalide.', en: 'Invalid card number.' },
  PAYMENT_CARD_EXPIRED: { fr: 'Cette carte est expirée.', en: 'This card has expired.' },
  PAYMENT_EXPIRY_INVALID: {
    fr: 'Date d’expiration invalide : indiquez le mois et l’année (MM/AA).',
    en: 'Invalid expiry date: give the month and year (MM/YY).',
  },
  PAYMENT_CVC_INVALID: { fr: 'Le cryptogramme compte 3 chiffres, au dos de la carte.', en: 'The security code is 3 digits, on the back of the card.' },
  UNKNOWN_TEST_CARD: {
    fr: 'Carte inconnue du bac à sable : utilisez une carte de test, par exemple 4242 4242 4242 4242.',
    en: 'Card unknown to the sandbox: use a test card, for example 4242 4242 4242 4242.',
  },
  PLEASE_FILL: { fr: 'Veuillez remplir ce champ.', en: 'Please fill in this field.' },
  TOO_LONG: { fr: 'Ce texte est trop long.', en: 'This text is too long.' },
  FORMAT_INVALID: { fr: 'Le format est invalide.', en: 'The format is invalid.' },
};

const refusalBody = (refusal: TokenizeRefusal, lang: Lang) => ({
  error: { code: refusal.key, field: refusal.field, message: (REFUSALS[refusal.key] ?? REFUSALS.FORMAT_INVALID!)[lang] },
});

const html = (reply: FastifyReply, page: Page) =>
  reply.status(page.status).header('content-security-policy', page.csp).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);

export function sandboxPaymentRoutes(psp: SandboxPayment) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // Whatever the body, it is the handler's to check: nothing here reports (or logs) what was sent.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2 * 1024 }, (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(null, undefined);
        }
      });
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * 1024 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      // Card testing is what such an endpoint attracts: 20 cards a minute per address is plenty for a person.
      scope.post(
        `${SANDBOX_PAY_BASE}/tokens`,
        { schema: { hide: true }, config: { rateLimit: { max: 20, timeWindow: '1 minute', groupId: 'sandbox-pay-tokens' } } },
        async (request, reply) => {
          const lang = requestLang(request.headers['accept-language']);
          const result = await psp.tokenize(request.body);
          reply.header('cache-control', 'no-store');
          return result.ok ? reply.status(200).send(result.card) : reply.status(400).send(refusalBody(result.refusal, lang));
        },
      );

      type Challenge = { Params: { challengeId: string }; Body: Record<string, string> | undefined };
      const path = `${SANDBOX_PAY_BASE}/challenge/:challengeId`;
      const validId = (id: string) => /^ch_[A-Za-z0-9_-]{16,64}$/.test(id);

      scope.get<Challenge>(path, { schema: { hide: true } }, async (request, reply) => {
        const lang = requestLang(request.headers['accept-language']);
        const challenge = validId(request.params.challengeId) ? await psp.challenge(request.params.challengeId) : null;
        return html(reply, challenge ? challengePage(lang, request.params.challengeId, challenge, false) : unknownPage(lang));
      });

      // A code guesser gets 3 tries per payment (then it is refused) and 30 posts a minute per address.
      scope.post<Challenge>(
        path,
        { schema: { hide: true }, config: { rateLimit: { max: 30, timeWindow: '1 minute', groupId: 'sandbox-pay-challenge' } } },
        async (request, reply) => {
          const lang = requestLang(request.headers['accept-language']);
          const { challengeId } = request.params;
          if (!validId(challengeId)) return html(reply, unknownPage(lang));
          const answer = await psp.answerChallenge(challengeId, {
            approve: request.body?.action === 'approve',
            code: String(request.body?.code ?? '').slice(0, 12),
          });
          if (answer.outcome === 'unknown') return html(reply, unknownPage(lang));
          if (answer.outcome === 'closed') return html(reply, closedPage(lang, answer.returnUrl!));
          if (answer.outcome === 'wrong_code') return html(reply, challengePage(lang, challengeId, answer.challenge!, true));
          // Back to the merchant, which asks the service itself how it went: the browser's word counts for nothing.
          return reply.header('cache-control', 'no-store').redirect(answer.returnUrl!, 303);
        },
      );
    });
  };
}
