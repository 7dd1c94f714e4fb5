import type { Lang } from '@contract/account';
import { personName } from '@contract/person-name';
import type { TripProductRow, TravelRow } from '@server/db/travels';
import type { Section } from '@server/domain/journey';
import { calendar, type IcsEvent } from '@server/platform/ics';
import { detailedMail } from '@server/platform/mail';
import { queueMails } from '@server/platform/outbox';
import type { Services } from '@server/platform/services';
import { placeNameIn } from '@server/reference/places';
import { agencyContact, travelRecipients, type Recipient } from '@server/db/recipients';

/**
 * The exchange's e-mail: the ticket was exchanged, the booking updated. To the booker and
 * each traveller with an address, in their language, plain text and HTML, with the new journey's
 * legs for the calendar (the old ones cancelled, same UIDs as the booking's e-mails). Written in the
 * transaction that swaps the tickets: a rolled-back swap sends nothing.
 */

export type ExchangeNews = { travel: TravelRow; old: TripProductRow; fresh: TripProductRow; fees: number; priceDelta: number; total: number };

const T = {
  fr: {
    hello: (n: string) => `Bonjour ${n},`,
    subject: (agency: string, route: string) => `${agency ? `${agency} : ` : ''}billet échangé – ${route}`,
    intro: 'Votre billet a été échangé : votre réservation est mise à jour avec le nouveau trajet ci-dessous. L’ancien billet n’est plus valable.',
    localTimes: 'Les horaires sont à l’heure locale de chaque gare.',
    attached: (file: string) => `Le nouveau trajet est joint pour votre agenda dans le fichier ${file} (l’ancien en est retiré).`,
    newJourney: 'Nouveau trajet',
    oldJourney: 'Trajet remplacé',
    reference: 'Référence (PNR)',
    ticket: 'Billet',
    fees: 'Frais d’échange',
    delta: 'Différence de tarif',
    total: 'Total',
    open: 'Voir le voyage',
    footer: 'Cet e-mail vous est envoyé automatiquement.',
    file: 'voyage.ics',
  },
  en: {
    hello: (n: string) => `Hello ${n},`,
    subject: (agency: string, route: string) => `${agency ? `${agency}: ` : ''}ticket exchanged – ${route}`,
    intro: 'Your ticket was exchanged: your booking is updated with the new journey below. The old ticket is no longer valid.',
    localTimes: 'Times are the local time of each station.',
    attached: (file: string) => `The new journey is attached for your calendar in ${file} (the old one is removed from it).`,
    newJourney: 'New journey',
    oldJourney: 'Replaced journey',
    reference: 'Reference (PNR)',
    ticket: 'Ticket',
    fees: 'Exchange fees',
    delta: 'Fare difference',
    total: 'Total',
    open: 'Open the travel',
    footer: 'This e-mail is sent automatically.',
    file: 'trip.ics',
  },
};

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');
const money = (cents: number, lang: Lang, signed = false) =>
  new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR', signDisplay: signed ? 'exceptZero' : 'auto' }).format(cents / 100);
const at = (iso: string, zone: string, lang: Lang, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale(lang), { timeZone: zone, ...options }).format(new Date(iso));
const time = (iso: string, zone: string, lang: Lang) => at(iso, zone, lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = (iso: string, zone: string, lang: Lang) => at(iso, zone, lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A station's name in the reader's language (the journey keeps the search's). */
const service = (s: Section) => `${s.transport.carrier.name} ${s.transport.number}`;
const legLine = (s: Section, lang: Lang) =>
  `${time(s.departure, s.from.tz, lang)} ${placeNameIn(s.from, lang)} → ${time(s.arrival, s.to.tz, lang)} ${placeNameIn(s.to, lang)}, ${service(s)}`;

function journeyLines(p: TripProductRow, lang: Lang, withTickets: boolean): string {
  const t = T[lang];
  const { journey, booking, travelers } = p.data;
  const tickets = withTickets
    ? (booking?.tickets ?? []).map((x) => {
        const who = travelers[x.passenger];
        const seats = (booking?.seats ?? []).filter((s) => s.passenger === x.passenger).map((s) => `${s.coachNumber}/${s.seatNumber}`);
        return `${t.ticket} ${x.number} (${personName(who ?? {})})${seats.length ? ` – ${seats.join(', ')}` : ''}`;
      })
    : [];
  return [
    day(journey.departure, journey.from.tz, lang),
    ...journey.sections.map((s) => legLine(s, lang)),
    p.data.offer.name,
    ...(withTickets && p.pnr ? [`${t.reference} : ${p.pnr}`] : []),
    ...tickets,
  ].join('\n');
}

function events(p: TripProductRow, lang: Lang, status: IcsEvent['status'], sequence: number): IcsEvent[] {
  return p.data.journey.sections.map((s, i) => ({
    uid: `${p.id}.${i}@escale`,
    sequence,
    status,
    start: new Date(s.departure),
    startZone: s.from.tz,
    end: new Date(s.arrival),
    endZone: s.to.tz,
    summary: `${s.from.city} → ${s.to.city} ${service(s)}`,
    location: placeNameIn(s.from, lang),
    description: `${placeNameIn(s.from, lang)} → ${placeNameIn(s.to, lang)}${p.pnr ? `\n${p.pnr}` : ''}`,
  }));
}

/** One recipient's e-mail, in their language. */
export function exchangeMail(news: ExchangeNews, ctx: { agencyName: string; origin: string; now: Date }, to: Recipient) {
  const lang = to.lang;
  const t = T[lang];
  const { journey } = news.fresh.data;
  const route = `${journey.from.city} → ${journey.to.city}`;
  const body = detailedMail({
    greeting: t.hello(to.firstname),
    paragraphs: [t.intro, t.localTimes, t.attached(t.file)],
    details: [
      [t.newJourney, journeyLines(news.fresh, lang, true)],
      [t.oldJourney, journeyLines(news.old, lang, false)],
      [t.fees, money(news.fees, lang)],
      [t.delta, money(news.priceDelta, lang, true)],
      [t.total, money(news.total, lang, true)],
    ],
    actions: to.isBooker ? [{ label: t.open, url: `${ctx.origin}/travel-view?travel=${encodeURIComponent(news.travel.id)}` }] : [],
    footer: t.footer,
  });
  // The booking's e-mails sent the old legs up to sequence 2 (issued): cancelling them is the next revision.
  const ics = calendar([...events(news.fresh, lang, 'CONFIRMED', 0), ...events(news.old, lang, 'CANCELLED', 3)], {
    prodId: '-//Escale//Exchange//FR',
    now: ctx.now,
  });
  return {
    subject: t.subject(ctx.agencyName, route),
    ...body,
    attachments: [{ filename: t.file, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
  };
}

/** Writes the exchange's e-mails in `tx`, the transaction of the swap. */
export async function queueExchangeMails(services: Services, tx: Services['db'], news: ExchangeNews): Promise<void> {
  const { config, clock, mailer } = services;
  const list = (await travelRecipients(tx, news.travel.userId, [news.fresh])).list;
  const ctx = {
    agencyName: (await agencyContact(tx, news.travel.agencyId)).name,
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
    now: clock.now(),
  };
  await queueMails(
    tx,
    mailer,
    list.map((to) => ({ agencyId: news.travel.agencyId, to: to.email, ...exchangeMail(news, ctx, to) })),
    clock.now(),
  );
}
