import type { Lang } from '@contract/account';
import { personName } from '@contract/person-name';
import type { TripProductRow, TravelRow } from '@server/db/travels';
import type { SupplierNotice } from '@server/domain/product';
import { noticeText } from '@server/domain/supplier-notices';
import { detailedMail, type Mail } from '@server/platform/mail';
import { queueMails } from '@server/platform/outbox';
import type { Services } from '@server/platform/services';
import { cityNameIn } from '@server/reference/places';
import { agencyContact, travelRecipients, type Recipient } from '@server/db/recipients';

/**
 * The e-mail that tells the booker and each traveller what the carrier changed on a booked trip
 * (cancelled it, moved its times), in the recipient's language with a plain-text part. Written in the
 * transaction that records the change (queueMails): a change flagged once is announced once.
 */

const T = {
  fr: {
    hello: (n: string) => `Bonjour ${n},`,
    subject: { cancelled: 'trajet annulé par le transporteur', schedule: 'horaires modifiés' },
    subjectLine: (agency: string, what: string, route: string) => `${agency ? `${agency} : ` : ''}${what} – ${route}`,
    intro: {
      cancelled:
        'Le transporteur a annulé un trajet de votre voyage. Il n’apparaît plus comme réservé ; votre agence peut vous proposer un autre billet ou un remboursement.',
      schedule: 'Le transporteur a modifié les horaires d’un trajet de votre voyage. Vérifiez vos correspondances et vos rendez-vous.',
    },
    calendar: 'Si vous êtes abonné à votre agenda de voyages, il se met à jour tout seul.',
    route: 'Trajet',
    change: 'Changement',
    reference: 'Référence (PNR)',
    open: 'Voir le voyage',
    footer: 'Cet e-mail vous est envoyé automatiquement.',
    day: 'fr-FR',
  },
  en: {
    hello: (n: string) => `Hello ${n},`,
    subject: { cancelled: 'trip cancelled by the carrier', schedule: 'times changed' },
    subjectLine: (agency: string, what: string, route: string) => `${agency ? `${agency}: ` : ''}${what} – ${route}`,
    intro: {
      cancelled: 'The carrier cancelled a trip of your travel. It no longer shows as booked; your agency can offer you another ticket or a refund.',
      schedule: 'The carrier changed the times of a trip of your travel. Check your connections and appointments.',
    },
    calendar: 'If you subscribed to your travel calendar, it updates itself.',
    route: 'Trip',
    change: 'Change',
    reference: 'Reference (PNR)',
    open: 'Open the travel',
    footer: 'This e-mail is sent automatically.',
    day: 'en-GB',
  },
};

/** "Paris → Lyon, lun. 23/11", the day read in the departure's own zone. */
function routeOf(product: TripProductRow, lang: Lang): string {
  const { journey } = product.data;
  const day = new Intl.DateTimeFormat(T[lang].day, { timeZone: journey.from.tz, weekday: 'short', day: '2-digit', month: '2-digit' }).format(
    new Date(journey.departure),
  );
  return `${cityNameIn(journey.from, lang)} → ${cityNameIn(journey.to, lang)}, ${day}`;
}

export function noticeMail(
  notice: SupplierNotice,
  travel: TravelRow,
  product: TripProductRow,
  ctx: { agencyName: string; origin: string },
  to: Recipient,
): Omit<Mail, 'agencyId' | 'to'> {
  const t = T[to.lang];
  const route = routeOf(product, to.lang);
  const body = detailedMail({
    greeting: t.hello(to.firstname || personName(product.data.travelers[0] ?? {})),
    paragraphs: [t.intro[notice.kind], ...(notice.kind === 'schedule' ? [t.calendar] : [])],
    details: [[t.route, route], [t.change, noticeText(notice, to.lang)], ...(product.pnr ? ([[t.reference, product.pnr]] as [string, string][]) : [])],
    // Only the booker can open the travel in the app.
    actions: to.isBooker ? [{ label: t.open, url: `${ctx.origin}/travel-view?travel=${encodeURIComponent(travel.id)}` }] : [],
    footer: t.footer,
  });
  return { subject: t.subjectLine(ctx.agencyName, t.subject[notice.kind], route), ...body };
}

/** Writes the change's e-mails in `tx`, the transaction that records it. */
export async function queueNoticeMails(
  services: Services,
  tx: Services['db'],
  notice: SupplierNotice,
  travel: TravelRow,
  product: TripProductRow,
): Promise<void> {
  const { config, clock, mailer } = services;
  const ctx = { agencyName: (await agencyContact(tx, travel.agencyId)).name, origin: config.publicUrl ?? `http://localhost:${config.port}` };
  const mails = (await travelRecipients(tx, travel.userId, [product])).list.map((to) => ({
    agencyId: travel.agencyId,
    to: to.email,
    ...noticeMail(notice, travel, product, ctx, to),
  }));
  await queueMails(tx, mailer, mails, clock.now());
}
