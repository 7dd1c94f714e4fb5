import type { Lang } from '@contract/account';
import type { Approval, ApprovalJourneyItem } from '@contract/approvals';
import { personName } from '@contract/person-name';
import { detailedMail } from '@server/platform/mail';
import type { Services } from '@server/platform/services';
import type { PersonRow } from './repository';

/**
 * The approvals' e-mails, in the recipient's language with a plain-text part: to the
 * approvers when asked (journey, price, compliance, exemption, time limit, the request in the app,
 * one-click answers), to the backup at half time, to the requester on every answer and on expiry.
 */

export type MailCtx = { services: Services; agencyId: string | null; agencyName: string; origin: string };

export const requestUrl = (origin: string, approvalId: string) => `${origin}/account/approvals?request=${encodeURIComponent(approvalId)}`;
export const oneClickUrl = (origin: string, token: string) => `${origin}/approvals/one-click?token=${token}`;
const bookingsUrl = (origin: string) => `${origin}/account/tickets`;

/** "23/11/2026 07:04" from a local ISO time (the station's own time). */
const localTime = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
/** A deadline in the agency's zone, named (the server knows no zone of the reader's; the app shows theirs). */
const instant = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'long',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));
const price = (amount: string, lang: Lang) => `${lang === 'fr' ? amount.replace('.', ',') : amount} €`;

const T = {
  fr: {
    hello: (n: string) => `Bonjour ${n},`,
    askSubject: (agency: string, who: string, safety: boolean) => `${agency} : demande d’approbation${safety ? ' sécurité' : ''} de ${who}`,
    ask: (who: string, safety: boolean) =>
      safety ? `${who} demande au service sécurité d’approuver un voyage vers un pays à risque.` : `${who} vous demande d’approuver un voyage.`,
    backup: (main: string) => `${main} n’a pas encore répondu : en tant qu’approbateur de secours, vous pouvez répondre à sa place.`,
    escalated: (by: string) => `${by} vous a transmis cette demande.`,
    reassigned: (former: string) =>
      `${former || 'L’approbateur de cette demande'} ne peut plus répondre aux demandes d’approbation (compte désactivé) : c’est désormais à vous de répondre.`,
    reminder: 'Rappel : cette demande attend toujours votre réponse.',
    risky: 'Destination à risque : le service sécurité doit aussi approuver ce voyage.',
    journey: 'Voyage',
    travellers: 'Voyageurs',
    total: 'Prix total',
    compliance: 'Politique voyage',
    compliant: 'Conforme',
    notCompliant: (why: string) => `Non conforme${why ? ` (${why})` : ''}`,
    exemption: 'Motif de dérogation',
    message: 'Message',
    limit: 'Réponse attendue avant le',
    open: 'Voir la demande',
    approve: 'Approuver en un clic',
    deny: 'Refuser en un clic (motif demandé)',
    askFooter: 'Sans réponse d’ici là, la demande expire et les options sont libérées.',
    answerSubject: (agency: string) => `${agency} : votre demande d’approbation`,
    booked: (by: string) => `${by} a approuvé votre voyage : il est réservé.`,
    waiting: (by: string) => `${by} a approuvé votre voyage ; il attend encore une autre approbation avant d’être réservé.`,
    denied: (by: string) => `${by} a refusé votre voyage. Ses options ont été libérées.`,
    reason: 'Motif',
    passed: (by: string, to: string) => `${by} a transmis votre demande à ${to}.`,
    expired: 'Personne n’a répondu à temps à votre demande d’approbation : elle a expiré et les options ont été libérées.',
    failed: 'Le voyage a été approuvé mais n’a pas pu être réservé auprès du fournisseur : il est revenu dans le panier.',
    failedApprover: (who: string) =>
      `Le voyage de ${who} que vous avez approuvé n’a pas pu être réservé auprès du fournisseur : il est revenu dans son panier.`,
    bookings: 'Mes réservations',
    footer: 'Cet e-mail vous est envoyé automatiquement.',
  },
  en: {
    hello: (n: string) => `Hello ${n},`,
    askSubject: (agency: string, who: string, safety: boolean) => `${agency}: ${safety ? 'safety ' : ''}approval requested by ${who}`,
    ask: (who: string, safety: boolean) =>
      safety ? `${who} asks the safety service to approve a travel to a high-risk country.` : `${who} asks you to approve a travel.`,
    backup: (main: string) => `${main} has not answered yet: as the backup approver, you may answer in their place.`,
    escalated: (by: string) => `${by} passed this request on to you.`,
    reassigned: (former: string) =>
      `${former || 'The approver of this request'} can no longer answer approval requests (their account was deactivated): it is now yours to answer.`,
    reminder: 'Reminder: this request still awaits your answer.',
    risky: 'High-risk destination: the safety service must also approve this travel.',
    journey: 'Journey',
    travellers: 'Travellers',
    total: 'Total price',
    compliance: 'Travel policy',
    compliant: 'Compliant',
    notCompliant: (why: string) => `Not compliant${why ? ` (${why})` : ''}`,
    exemption: 'Reason for the exemption',
    message: 'Message',
    limit: 'Answer before',
    open: 'Open the request',
    approve: 'Approve in one click',
    deny: 'Refuse in one click (a reason is asked)',
    askFooter: 'Without an answer by then, the request expires and the options are released.',
    answerSubject: (agency: string) => `${agency}: your approval request`,
    booked: (by: string) => `${by} approved your travel: it is booked.`,
    waiting: (by: string) => `${by} approved your travel; it still awaits another approval before it is booked.`,
    denied: (by: string) => `${by} refused your travel. Its options were released.`,
    reason: 'Reason',
    passed: (by: string, to: string) => `${by} passed your request on to ${to}.`,
    expired: 'Nobody answered your approval request in time: it expired and the options were released.',
    failed: 'The travel was approved but the supplier could not book it: it is back in the cart.',
    failedApprover: (who: string) => `The travel of ${who} you approved could not be booked with the supplier: it is back in their cart.`,
    bookings: 'My bookings',
    footer: 'This e-mail is sent automatically.',
  },
};

/** One line per product: route, local times, fare and class; or the hotel's or the car's essentials. */
function itemLine(item: ApprovalJourneyItem): string {
  switch (item.type) {
    case 'rail':
    case 'flight': {
      const first = item.routes[0];
      const last = item.routes[item.routes.length - 1];
      return `${first?.from ?? ''} → ${last?.to ?? ''}, ${localTime(item.start)} – ${localTime(item.end)}, ${item.fareLabel} (${item.cabinClass})`;
    }
    case 'hotel':
      return `${item.hotelName}, ${item.hotelLocation}, ${localTime(item.start)} – ${localTime(item.end)}, ${item.roomName}`;
    case 'car_rental':
      return `${item.agencyName}, ${item.carRentalCarType}, ${localTime(item.start)} – ${localTime(item.end)}`;
  }
}

function details(approval: Approval, lang: Lang): [string, string][] {
  const t = T[lang];
  const reasons = approval.journey.flatMap((i) => i.complianceReasons);
  const travellers = [...new Set(approval.journey.flatMap((i) => i.paxs.map(personName)))];
  const rows: [string, string][] = [
    [t.journey, approval.journey.map(itemLine).join('\n')],
    [t.travellers, travellers.join(', ')],
    [t.total, price(approval.totalAmount.amount, lang)],
    [t.compliance, approval.isCompliant ? t.compliant : t.notCompliant(reasons.join(' ; '))],
  ];
  if (approval.exemption) rows.push([t.exemption, approval.exemption]);
  if (approval.currentRequest.message) rows.push([t.message, approval.currentRequest.message]);
  rows.push([t.limit, instant(approval.timeLimit, lang)]);
  return rows;
}

export type AskReason =
  | { why: 'asked' }
  | { why: 'reminder' }
  | { why: 'backup'; main: string }
  | { why: 'escalated'; by: string }
  | { why: 'reassigned'; former: string };

const reasonText = (t: (typeof T)[Lang], reason: AskReason) => {
  switch (reason.why) {
    case 'backup':
      return t.backup(reason.main);
    case 'escalated':
      return t.escalated(reason.by);
    case 'reassigned':
      return t.reassigned(reason.former);
    case 'reminder':
      return t.reminder;
    case 'asked':
      return '';
  }
};

/** Asks an approver (or the safety service) to answer: the request, and its one-click answers. */
export async function mailApprover(m: MailCtx, to: PersonRow, approval: Approval, tokens: { approve: string | null; deny: string }, reason: AskReason) {
  const lang = to.lang;
  const t = T[lang];
  const requester = personName(approval.currentRequest.requester);
  const safety = approval.currentRequest.isSafetyApproval;
  const paragraphs = [reasonText(t, reason), t.ask(requester, safety), approval.currentRequest.isRisky ? t.risky : ''].filter(Boolean);
  const actions = [
    { label: t.open, url: requestUrl(m.origin, approval.approvalID) },
    ...(tokens.approve ? [{ label: t.approve, url: oneClickUrl(m.origin, tokens.approve) }] : []),
    { label: t.deny, url: oneClickUrl(m.origin, tokens.deny) },
  ];
  const body = detailedMail({ greeting: t.hello(to.firstname), paragraphs, details: details(approval, lang), actions, footer: t.askFooter });
  await m.services.mailer.send(m.services.db, { agencyId: m.agencyId, to: to.email, subject: t.askSubject(m.agencyName, requester, safety), ...body });
}

export type RequesterNews =
  | { event: 'booked' | 'waiting'; by: string; message: string | null }
  | { event: 'denied'; by: string; reason: string }
  | { event: 'escalated'; by: string; to: string; message: string | null }
  | { event: 'expired' | 'failed' };

/** Tells the requester what became of their request. */
export async function mailRequester(m: MailCtx, to: PersonRow, approval: Approval, news: RequesterNews) {
  const lang = to.lang;
  const t = T[lang];
  const rows: [string, string][] = [
    [t.journey, approval.journey.map(itemLine).join('\n')],
    [t.total, price(approval.totalAmount.amount, lang)],
  ];
  let paragraph: string;
  switch (news.event) {
    case 'booked':
    case 'waiting':
      paragraph = news.event === 'booked' ? t.booked(news.by) : t.waiting(news.by);
      if (news.message) rows.push([t.message, news.message]);
      break;
    case 'denied':
      paragraph = t.denied(news.by);
      rows.unshift([t.reason, news.reason]);
      break;
    case 'escalated':
      paragraph = t.passed(news.by, news.to);
      if (news.message) rows.push([t.message, news.message]);
      break;
    case 'expired':
      paragraph = t.expired;
      break;
    case 'failed':
      paragraph = t.failed;
      break;
  }
  const body = detailedMail({
    greeting: t.hello(to.firstname),
    paragraphs: [paragraph],
    details: rows,
    actions: [{ label: t.bookings, url: bookingsUrl(m.origin) }],
    footer: t.footer,
  });
  await m.services.mailer.send(m.services.db, { agencyId: m.agencyId, to: to.email, subject: t.answerSubject(m.agencyName), ...body });
}

/** Tells an approver that the travel they approved could not be booked. */
export async function mailApproverFailed(m: MailCtx, to: PersonRow, approval: Approval) {
  const t = T[to.lang];
  const body = detailedMail({
    greeting: t.hello(to.firstname),
    paragraphs: [t.failedApprover(personName(approval.currentRequest.requester))],
    details: [[t.journey, approval.journey.map(itemLine).join('\n')]],
    actions: [{ label: t.open, url: requestUrl(m.origin, approval.approvalID) }],
    footer: t.footer,
  });
  await m.services.mailer.send(m.services.db, { agencyId: m.agencyId, to: to.email, subject: t.answerSubject(m.agencyName), ...body });
}
