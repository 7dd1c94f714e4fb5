import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import CalendarX from 'lucide-react/icons/calendar-x';
import { buttonClass } from '@web/components/Button';
import { formatTypedDate } from '@web/components/date-picker/dates';
import type { UnsearchableDate } from './unsearchable';
import { TRIP_MESSAGES } from './messages';

/**
 * The results page of an address that cannot be searched (unsearchable.ts): which date and why, in the
 * search form's words, and the way back to the form, instead of a failed search.
 */
export function UnsearchableSearch({ date, travelID }: { date: UnsearchableDate; travelID?: string }) {
  const { t, i18n } = useLingui();
  const message = { ...TRIP_MESSAGES[date.problem], values: { last: formatTypedDate(date.lastBookable) } };
  const reason = i18n._(message);
  return (
    <div className="flex-1 bg-gray-50">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center">
        <CalendarX aria-hidden="true" size={40} className="text-gray-500" />
        <h1 className="text-2xl font-bold text-gray-900">
          <Trans>Cette recherche ne peut pas aboutir</Trans>
        </h1>
        <p className="text-gray-800">{date.field === 'date' ? t`Date d’aller : ${reason}` : t`Date de retour : ${reason}`}</p>
        <Link to="/" search={travelID ? { travelID } : {}} className={buttonClass.primary}>
          <Trans>Modifier la recherche</Trans>
        </Link>
      </div>
    </div>
  );
}
