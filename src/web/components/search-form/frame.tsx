import type { ComponentType, FormEventHandler, ReactNode, Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import Search from 'lucide-react/icons/search';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { User } from '@contract/account';
import type { BookingFor } from '@web/lib/acting';
import { useBookingFor } from '@web/lib/acting';
import { useUser } from '@web/lib/me';
import { rememberPassengerName } from '@web/lib/passenger-names';
import type { Passenger } from '@web/lib/passengers';
import { searchFormKey } from '@web/lib/passengers';
import { rememberPlaceName } from '@web/lib/place-names';
import { Button } from '../Button';
import { SearchSteps } from '../SearchSteps';
import { SearchPanel } from './parts';

/** What the home page and the results screens give every search form. */
export type SearchFormProps = {
  /** The travel the search adds to (`?travelID=`). */
  travelID?: string;
  /** The banner's cancel: search without adding to that travel. */
  onCancelTravel?: () => void;
  /** The clock (tests). */
  now?: () => Date;
};

/** The cart's shortcut to a search around its trip: the destination's name, its arrival and its way back's departure (local `YYYY-MM-DDTHH:mm`). */
export type SearchPrefill = { place?: string; start?: string; end?: string };

export const systemNow = () => new Date();

/** Who a search form starts for, and the identity of that start (lib/passengers.ts searchFormKey). */
export type SearchFormStart = { user: User | null; booking: BookingFor; formKey: string };

/**
 * A search form as the app uses it: agency staff book for the company and traveller they chose, and
 * another choice (or another user) starts the form again.
 */
export function withSearchFormStart<P extends object>(Form: ComponentType<P & SearchFormStart>) {
  return function SearchFormStarted(props: P) {
    const user = useUser();
    const booking = useBookingFor(user);
    const formKey = searchFormKey(user, booking);
    return <Form key={formKey} {...props} formKey={formKey} user={user} booking={booking} />;
  };
}

/** The entity a new search starts with: the only one, else none until the user chooses. */
export const firstEntity = (booking: BookingFor) => (booking.entities.length === 1 ? booking.entities[0]!.uid : '');

/** The results URL for whom staff book: the customer company rides along. */
export const forCustomer = <S extends object>(search: S, booking: BookingFor) => (booking.customerId ? { ...search, customer: booking.customerId } : search);

/** The results screen names the places and the travellers before its results come. */
export function rememberSearchNames(places: readonly ({ ID: string; name: string } | null)[], pax: readonly Passenger[] = []) {
  for (const place of places) if (place) rememberPlaceName(place.ID, place.name);
  for (const passenger of pax) if (passenger.name) rememberPassengerName(passenger.ref, passenger.name);
}

type SearchFormFrameProps = {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: () => void;
  /** Below 760 px the open side panel replaces the form. */
  hidden: boolean;
  /** What the side panel holds: by default the search's steps. */
  panel: { ref?: Ref<HTMLElement>; id: string; open: boolean; onEscape: () => boolean; content?: ReactNode };
  children: ReactNode;
};

/** A search form beside its side panel (spec 1 §2 "Search side panel"). */
export function SearchFormFrame({ label, onSubmit, onFocus, hidden, panel, children }: SearchFormFrameProps) {
  return (
    <div className="grid gap-6 min-[760px]:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        noValidate
        aria-label={label}
        onSubmit={onSubmit}
        onFocus={onFocus}
        className={`space-y-5 rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-sm ${hidden ? 'max-[759px]:hidden' : ''}`}
      >
        {children}
      </form>
      <SearchPanel ref={panel.ref} id={panel.id} open={panel.open} onEscape={panel.onEscape}>
        {panel.content ?? <SearchSteps />}
      </SearchPanel>
    </div>
  );
}

/** The search button. */
export function SearchSubmit({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Button type="submit" className="w-full sm:w-auto">
      <Search aria-hidden="true" size={20} />
      {children ?? t`Rechercher`}
    </Button>
  );
}

/** Says that the search adds to the travel being built (`?travelID=`), with a way out. */
export function TravelBanner({ children, onCancel }: { children: ReactNode; onCancel?: () => void }) {
  const { t } = useLingui();
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <TriangleAlert aria-hidden="true" size={20} className="shrink-0" />
      <p className="flex-1">{children}</p>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {t`Annuler`}
        </Button>
      )}
    </div>
  );
}

/** The side panel's help for a field without a panel of its own. */
export function PanelHelp({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2 text-gray-800">
      <h2 className="font-semibold text-gray-900">{title}</h2>
      <p>{children}</p>
    </div>
  );
}
