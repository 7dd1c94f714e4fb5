import { useLingui } from '@lingui/react/macro';
import type { OnBehalf } from '@contract/travel';

/** A travel agency staff book for someone: for whom, of which company, and who booked it. */
export function OnBehalfNote({ onBehalf }: { onBehalf: OnBehalf | null }) {
  const { t } = useLingui();
  if (!onBehalf) return null;
  const { traveler, company, bookedBy } = onBehalf;
  return (
    <p className="text-sm font-medium text-amber-950">
      {t`Pour ${traveler.firstname} ${traveler.lastname} — ${company.name} · réservé par ${bookedBy.firstname} ${bookedBy.lastname}`}
    </p>
  );
}
