import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Forward from 'lucide-react/icons/forward';
import type { Tone } from '@web/components/StatusBadge';
import { StatusBadge } from '@web/components/StatusBadge';
import type { Approval, ApprovalJourneyItem } from '@contract/approvals';
import { personName } from '@contract/person-name';
import { formatDateTime, formatDay, formatDuration, formatMoney, formatTime, readerZone } from '@web/lib/format';

/** A request's status as a tag with an icon and its words (UI.md: never by colour only). */
export function ApprovalStatusTag({ status }: { status: Approval['status'] }) {
  const { t } = useLingui();
  const labels: Record<Approval['status'], [string, Tone]> = {
    pending: [t`En attente de réponse`, 'pending'],
    escalated: [t`Transmise`, 'pending'],
    accepted: [t`Acceptée`, 'ok'],
    denied: [t`Refusée`, 'bad'],
    expired: [t`Expirée`, 'bad'],
    cancelled: [t`Annulée par le demandeur`, 'neutral'],
    failed: [t`Réservation impossible`, 'bad'],
  };
  const [label, tone] = labels[status];
  return <StatusBadge tone={tone} label={label} neutralIcon={<Forward aria-hidden="true" size={16} />} />;
}

/** The minute now, ticking each minute (the countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The time limit on the reader's clock with its zone named, and a countdown under 24 h. */
export function TimeLimit({ iso, open }: { iso: string; open: boolean }) {
  const { t } = useLingui();
  const now = useNow();
  const when = formatDateTime(iso);
  const zone = readerZone();
  const left = Math.floor((new Date(iso).getTime() - now) / 60_000);
  const countdown = open && left >= 0 && left < 24 * 60 ? formatDuration(left) : null;
  return (
    <p className="text-sm text-gray-800">
      <span className="font-medium">{t`Date limite de réponse :`}</span> <span className="tabular-nums">{when}</span> ({zone})
      {countdown && (
        <strong className="ml-2 inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 font-semibold text-amber-950">
          <Clock aria-hidden="true" size={14} />
          {t`Plus que ${countdown}`}
        </strong>
      )}
    </p>
  );
}

/** Compliance with words and an icon (UI.md: not by colour alone). */
export function Compliance({ compliant, reasons = [] }: { compliant: boolean; reasons?: string[] }) {
  const { t } = useLingui();
  return (
    <div className="text-sm">
      <p className={`inline-flex items-center gap-1 font-medium ${compliant ? 'text-green-900' : 'text-red-800'}`}>
        {compliant ? <CircleCheck aria-hidden="true" size={16} /> : <CircleAlert aria-hidden="true" size={16} />}
        {compliant ? t`Conforme à la politique voyage` : t`Non conforme à la politique voyage`}
      </p>
      {reasons.length > 0 && (
        <ul className="ml-5 list-disc text-gray-800">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One product of the journey, by type; rail and flight times are the stations' own (the ISO's wall clock). */
export function JourneyItem({ item }: { item: ApprovalJourneyItem }) {
  const { t } = useLingui();
  const travellers = item.paxs.map(personName).join(', ');
  const price = formatMoney(item.totalAmount);
  let title: string;
  let body: ReactNode;
  switch (item.type) {
    case 'rail':
    case 'flight': {
      const first = item.routes[0];
      const last = item.routes[item.routes.length - 1];
      const route = first && last ? `${first.from} → ${last.to}` : '';
      title = item.type === 'rail' ? t`Train : ${route}` : t`Vol : ${route}`;
      const cabins: Record<string, string> = {
        second: t`2de classe`,
        first: t`1re classe`,
        economy: t`Économie`,
        premium_economy: t`Premium économie`,
        business: t`Affaires`,
      };
      const cabin = cabins[item.cabinClass] ?? item.cabinClass;
      body = (
        <>
          <ul className="space-y-1">
            {item.routes.map((leg) => (
              <li key={`${leg.departure}-${leg.number}`} className="tabular-nums">
                {formatDay(leg.departure)} · {formatTime(leg.departure)} {leg.from} → {formatTime(leg.arrival)} {leg.to}{' '}
                <span className="text-gray-700">
                  ({leg.carrier} {leg.number})
                </span>
              </li>
            ))}
          </ul>
          {item.transportTransits.length > 0 && (
            <p className="text-gray-700">
              {item.transportTransits.map((c) => t`Correspondance à ${c.place} (${formatDuration(c.durationInMinutes)})`).join(' · ')}
            </p>
          )}
          <p>
            {item.fareLabel} · {cabin}
          </p>
        </>
      );
      break;
    }
    case 'hotel': {
      const nights = item.hotelNights;
      title = t`Hôtel : ${item.hotelName}`;
      body = (
        <>
          <p>
            {formatDay(item.start)} → {formatDay(item.end)} · {nights > 1 ? t`${nights} nuits` : t`${nights} nuit`}
          </p>
          <p>
            {item.roomName} · {item.hotelBreakFastIncluded ? t`Petit-déjeuner inclus` : t`Petit-déjeuner non inclus`}
          </p>
          {item.hotelLocation && <p className="text-gray-700">{item.hotelLocation}</p>}
        </>
      );
      break;
    }
    case 'car_rental': {
      title = t`Location de voiture : ${item.agencyName}`;
      body = (
        <>
          <p className="tabular-nums">
            {formatDay(item.start)} {formatTime(item.start)} → {formatDay(item.end)} {formatTime(item.end)}
          </p>
          <p>{item.carRentalCarType}</p>
        </>
      );
      break;
    }
  }
  return (
    <section aria-label={title} className="space-y-1 rounded-lg border border-gray-200 p-3 text-sm text-gray-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <span className="font-semibold tabular-nums">{price}</span>
      </div>
      {body}
      {travellers && <p className="text-gray-700">{t`Voyageurs : ${travellers}`}</p>}
      <Compliance compliant={item.compliant} reasons={item.complianceReasons} />
    </section>
  );
}

/** Who answered what: "vous" for the reader, the approver's name otherwise, "en attente" until they answer. */
export function Chain({ chain }: { chain: Approval['chain'] }) {
  const { t } = useLingui();
  const statusText: Record<Approval['chain'][number]['response']['status'], string> = {
    pending: t`en attente`,
    accepted: t`a accepté`,
    denied: t`a refusé`,
    escalated: t`a transmis`,
    expired: t`n’a pas répondu à temps`,
    cancelled: t`demande annulée`,
  };
  const roles = { main: t`valideur`, backup: t`valideur suppléant`, safety: t`service sécurité` };
  return (
    <ol aria-label={t`Réponses`} className="space-y-1 text-sm">
      {chain.map((step, i) => {
        const who = step.response.by ?? step.approver;
        const name = who.you ? t`Vous` : personName(who);
        const at = step.response.answeredAt ? formatDateTime(step.response.answeredAt) : null;
        return (
          <li key={`${step.approver.id}-${i}`}>
            <span className="font-medium">{name}</span> <span className="text-gray-700">({roles[step.role]})</span> : {statusText[step.response.status]}
            {at && <span className="tabular-nums"> — {at}</span>}
            {step.response.message && <q className="ml-1 italic">{step.response.message}</q>}
          </li>
        );
      })}
    </ol>
  );
}

/** Who answered a request that was answered first elsewhere (the 409), from its chain: the newest answer. */
export function firstAnswerer(approval: Approval): { you: boolean; name: string } | null {
  const answered = approval.chain
    .filter((s) => s.response.by && s.response.answeredAt && s.response.status !== 'pending')
    .sort((a, b) => (b.response.answeredAt ?? '').localeCompare(a.response.answeredAt ?? ''));
  const by = answered[0]?.response.by;
  return by ? { you: by.you, name: personName(by) } : null;
}

/** What the request asks for: every product of the journey, its compliance and the traveller's reason for an exemption. */
export function JourneySummary({ approval }: { approval: Approval }) {
  return (
    <>
      <div className="space-y-2">
        {approval.journey.map((item) => (
          <JourneyItem key={item.productId} item={item} />
        ))}
      </div>
      <Compliance compliant={approval.isCompliant} />
      {approval.exemption && (
        <p className="text-sm">
          <Trans>Motif de dérogation :</Trans> {approval.exemption}
        </p>
      )}
    </>
  );
}
