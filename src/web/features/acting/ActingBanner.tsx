import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import UserRoundCheck from 'lucide-react/icons/user-round-check';
import { actFor, useActing } from '@web/lib/acting';

/**
 * On every screen, for whom agency staff are booking ("Booking for Alice Martin — Acme
 * Industries"), with "change", which goes back to the pickers of the home page.
 */
export function ActingBanner() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const acting = useActing((s) => s.acting);
  if (!acting?.traveler) return null;
  const { traveler, company } = acting;
  return (
    <div role="region" aria-label={t`Réservation pour un voyageur`} className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-gray-900">
        <UserRoundCheck aria-hidden="true" size={20} className="shrink-0 text-amber-800" />
        <p className="font-medium">{t`Réservation pour ${traveler.firstname} ${traveler.lastname} — ${company.name}`}</p>
        <button
          type="button"
          onClick={() => {
            actFor({ company, traveler: null });
            void navigate({ to: '/' });
          }}
          className="min-h-11 font-semibold text-amber-900 underline underline-offset-2"
        >
          {t`Changer`}
        </button>
      </div>
    </div>
  );
}
