import type { Lang } from '@contract/account';
import { personName } from '@contract/person-name';
import type { ProductRow } from '@server/db/travels';
import type { Section } from '@server/domain/journey';
import { isTrip } from '@server/domain/product';
import type { IcsEvent } from '@server/platform/ics';
import { cityNameIn, placeNameIn } from '@server/reference/places';

/**
 * Booked legs as calendar events (RFC 5545 through platform/ics.ts): one VEVENT per section, in the
 * zone of its station or airport, with the station names in the reader's language, the booking
 * reference (PNR), each traveller's ticket and seat. The UID is the one the booking e-mails' .ics
 * use (`<product>.<section>@escale`), so a calendar that imported both keeps one event; a cancelled or
 * exchanged leg is written STATUS:CANCELLED, which removes it.
 */

const T = {
  fr: {
    reference: (pnr: string) => `Référence (PNR) : ${pnr}`,
    ticket: (number: string, who: string) => `Billet ${number}${who ? ` (${who})` : ''}`,
    seat: (coach: string, seat: string) => (coach ? `voiture ${coach}, place ${seat}` : `place ${seat}`),
    cancelled: 'Annulé : ',
    localTimes: 'Horaires à l’heure locale de chaque gare ou aéroport.',
  },
  en: {
    reference: (pnr: string) => `Reference (PNR): ${pnr}`,
    ticket: (number: string, who: string) => `Ticket ${number}${who ? ` (${who})` : ''}`,
    seat: (coach: string, seat: string) => (coach ? `coach ${coach}, seat ${seat}` : `seat ${seat}`),
    cancelled: 'Cancelled: ',
    localTimes: 'Times are the local time of each station or airport.',
  },
};

/** "TGV INOUI 6912", or a flight number alone when it carries its airline's code ("AF1234"). */
export const serviceName = (s: Section) =>
  s.transport.number.startsWith(s.transport.carrier.code) ? s.transport.number : `${s.transport.carrier.name} ${s.transport.number}`;

/** Revisions as the booking e-mails count them (booked 1, issued 2, cancelled 3), plus one per change the carrier made. */
const BASE_SEQUENCE: Partial<Record<ProductRow['status'], number>> = { booked: 1, pending_ticketing: 1, issued: 2, cancelled: 3, exchanged: 3 };

const isCancelled = (p: ProductRow) => p.status === 'cancelled' || p.status === 'exchanged';

/** The product's legs as events, in `lang` (a trip's: a hotel stay or a car rental has no leg). */
export function productEvents(p: ProductRow, lang: Lang): IcsEvent[] {
  const t = T[lang];
  if (!isTrip(p.data)) return [];
  const { journey, travelers, booking } = p.data;
  const cancelled = isCancelled(p);
  return journey.sections.map((s, i) => {
    const tickets = (booking?.tickets ?? []).map((ticket) => {
      const seat = booking?.seats.find((x) => x.passenger === ticket.passenger && x.section === i);
      return `${t.ticket(ticket.number, personName(travelers[ticket.passenger] ?? {}))}${seat ? ` – ${t.seat(seat.coachNumber, seat.seatNumber)}` : ''}`;
    });
    return {
      uid: `${p.id}.${i}@escale`,
      sequence: (BASE_SEQUENCE[p.status] ?? 1) + (p.notices?.length ?? 0),
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
      start: new Date(s.departure),
      startZone: s.from.tz,
      end: new Date(s.arrival),
      endZone: s.to.tz,
      summary: `${cancelled ? t.cancelled : ''}${cityNameIn(s.from, lang)} → ${cityNameIn(s.to, lang)} ${serviceName(s)}`,
      location: placeNameIn(s.from, lang),
      description: [`${placeNameIn(s.from, lang)} → ${placeNameIn(s.to, lang)}`, ...(p.pnr ? [t.reference(p.pnr)] : []), ...tickets, t.localTimes].join('\n'),
    };
  });
}
