import type { Lang } from '@contract/account';
import type { CardBrand } from '@contract/travel';
import { personName } from '@contract/person-name';
import { agencyContact, travelRecipients, type Recipient } from '@server/db/recipients';
import type { ProductRow, TravelRow } from '@server/db/travels';
import { labelOf, startOf } from '@server/domain/product';
import { detailedMail, type Mail } from '@server/platform/mail';
import { queueMails } from '@server/platform/outbox';
import type { Services } from '@server/platform/services';

/**
 * The cancellation's e-mails, written in the transaction of the change they tell of
 * (queueMails): to the booker and each traveller, in their language, with a plain-text part —
 * products cancelled (refund and fees of each), a request sent to the agency, the agency's answer;
 * and to the agency (its support address) the request it must handle.
 */

export type CancellationEvent = 'cancelled' | 'requested' | 'refused';

const T = {
  fr: {
    hello: (n: string) => `Bonjour ${n},`,
    subject: { cancelled: 'annulation confirmée', requested: 'demande d’annulation envoyée', refused: 'annulation refusée', agency: 'annulation à traiter' },
    subjectLine: (agency: string, what: string, route: string) => `${agency ? `${agency} : ` : ''}${what} – ${route}`,
    intro: {
      cancelled: 'Votre annulation est confirmée. Voici le remboursement de chaque trajet annulé et les frais retenus.',
      requested:
        'Votre demande d’annulation est transmise à votre agence, qui la traite pendant ses heures d’ouverture. Vous recevrez un e-mail avec le montant remboursé dès qu’elle l’aura traitée.',
      refused: 'Votre agence n’a pas pu annuler ce trajet : il reste réservé pour vous.',
    },
    reason: 'Motif',
    toCard: (total: string, card: string) =>
      `Le remboursement de ${total} est versé sur votre carte ${card}, d’où ce voyage a été payé : comptez quelques jours pour le voir sur votre relevé.`,
    agencyIntro: (who: string) =>
      `${who} demande l’annulation des trajets ci-dessous, qui ne peut pas se faire en ligne. Annulez-les auprès du fournisseur, puis indiquez le remboursement obtenu (ou votre refus) dans la tâche ci-dessous.`,
    task: 'Tâche',
    requester: 'Demandeur',
    refund: 'Remboursement',
    fees: 'Frais retenus',
    noRefund: 'aucun remboursement',
    total: 'Total remboursé',
    reference: 'Référence (PNR)',
    travellers: 'Voyageurs',
    open: 'Voir le voyage',
    footer: 'Cet e-mail vous est envoyé automatiquement.',
  },
  en: {
    hello: (n: string) => `Hello ${n},`,
    subject: { cancelled: 'cancellation confirmed', requested: 'cancellation request sent', refused: 'cancellation refused', agency: 'cancellation to handle' },
    subjectLine: (agency: string, what: string, route: string) => `${agency ? `${agency}: ` : ''}${what} – ${route}`,
    intro: {
      cancelled: 'Your cancellation is confirmed. Here is the refund of each cancelled trip and the fees kept.',
      requested:
        'Your cancellation request was passed on to your agency, which handles it in its opening hours. You will get an e-mail with the refund as soon as it has.',
      refused: 'Your agency could not cancel this trip: it stays booked for you.',
    },
    reason: 'Reason',
    toCard: (total: string, card: string) =>
      `The refund of ${total} goes back to your card ${card}, with which this travel was paid: allow a few days for it to show on your statement.`,
    agencyIntro: (who: string) =>
      `${who} asks to cancel the trips below, which cannot be done online. Cancel them with the supplier, then record the refund obtained (or your refusal) in the task below.`,
    task: 'Task',
    requester: 'Requester',
    refund: 'Refund',
    fees: 'Fees kept',
    noRefund: 'no refund',
    total: 'Total refunded',
    reference: 'Reference (PNR)',
    travellers: 'Travellers',
    open: 'Open the travel',
    footer: 'This e-mail is sent automatically.',
  },
};

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');
const money = (cents: number, lang: Lang) => new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** The trip's day and time at its departure (journey times are read in the station's own zone). */
const dayOf = (p: ProductRow, lang: Lang) => {
  const start = startOf(p.data);
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone: start.tz,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(start.at));
};
const routeOf = (p: ProductRow) => labelOf(p.data);

/** A product's lines: its day and time, reference, travellers, and (once cancelled) its refund and fees. */
function productDetail(p: ProductRow, lang: Lang, withAmounts: boolean): [string, string] {
  const t = T[lang];
  const c = p.data.cancellation;
  const field = (label: string, value: string) => (lang === 'fr' ? `${label} : ${value}` : `${label}: ${value}`);
  const lines = [dayOf(p, lang), ...(p.pnr ? [field(t.reference, p.pnr)] : []), field(t.travellers, p.data.travelers.map(personName).join(', '))];
  if (withAmounts && c) {
    lines.push(field(t.refund, c.refund ? money(c.refund, lang) : t.noRefund));
    lines.push(field(t.fees, money((c.fixedFees ?? 0) + (c.variableFees ?? 0), lang)));
  }
  return [routeOf(p), lines.join('\n')];
}

/** `card`: the travel was paid by card, to which the refunds go back. */
type News = { event: CancellationEvent; travel: TravelRow; products: ProductRow[]; reason?: string | null; card?: { brand: CardBrand; last4: string } | null };

const CARD_NAMES: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard' };

function travelerMail(news: News, ctx: { agency: string; origin: string }, to: Recipient): Omit<Mail, 'agencyId' | 'to'> {
  const t = T[to.lang];
  const { products } = news;
  const amounts = news.event === 'cancelled';
  const details = products.map((p) => productDetail(p, to.lang, amounts));
  if (amounts)
    details.push([
      t.total,
      money(
        products.reduce((sum, p) => sum + (p.data.cancellation?.refund ?? 0), 0),
        to.lang,
      ),
    ]);
  if (news.event === 'refused' && news.reason) details.push([t.reason, news.reason]);
  const actions = to.isBooker ? [{ label: t.open, url: `${ctx.origin}/travel-view?travel=${encodeURIComponent(news.travel.id)}` }] : [];
  const refunded = products.reduce((sum, p) => sum + (p.data.cancellation?.refund ?? 0), 0);
  // The booker paid: they are told where their money goes.
  const toCard =
    amounts && news.card && to.isBooker && refunded > 0 ? [t.toCard(money(refunded, to.lang), `${CARD_NAMES[news.card.brand]} •••• ${news.card.last4}`)] : [];
  return {
    subject: t.subjectLine(ctx.agency, t.subject[news.event], routeOf(products[0]!)),
    ...detailedMail({ greeting: t.hello(to.firstname), paragraphs: [t.intro[news.event], ...toCard], details, actions, footer: t.footer }),
  };
}

/** Tells the booker and the travellers of a cancellation (done, sent to the agency, refused by it), in `tx`. */
export async function queueCancellationMails(services: Services, tx: Services['db'], news: News): Promise<void> {
  if (news.products.length === 0) return;
  const { config, clock, mailer } = services;
  const { list } = await travelRecipients(tx, news.travel.userId, news.products);
  const agency = await agencyContact(tx, news.travel.agencyId);
  const ctx = { agency: agency.name, origin: config.publicUrl ?? `http://localhost:${config.port}` };
  await queueMails(
    tx,
    mailer,
    list.map((to) => ({ agencyId: news.travel.agencyId, to: to.email, ...travelerMail(news, ctx, to) })),
    clock.now(),
  );
}

/** Tells the agency (its support address, in its language) of a cancellation it must handle, in `tx`. */
export async function queueAgencyRequestMail(
  services: Services,
  tx: Services['db'],
  request: { taskId: string; travel: TravelRow; products: ProductRow[]; requester: { firstname: string; lastname: string; email: string } },
): Promise<void> {
  const { clock, mailer } = services;
  const agency = await agencyContact(tx, request.travel.agencyId);
  if (!agency.email) return;
  const lang = agency.lang;
  const t = T[lang];
  const who = personName(request.requester);
  const details: [string, string][] = [
    [t.task, request.taskId],
    [t.requester, `${who} <${request.requester.email}>`],
    ...request.products.map((p) => productDetail(p, lang, false)),
  ];
  const body = detailedMail({ greeting: t.hello(agency.name), paragraphs: [t.agencyIntro(who)], details, actions: [], footer: t.footer });
  await queueMails(
    tx,
    mailer,
    [{ agencyId: request.travel.agencyId, to: agency.email, subject: t.subjectLine('', t.subject.agency, routeOf(request.products[0]!)), ...body }],
    clock.now(),
  );
}
