import { create } from 'zustand';
import type { User } from '@contract/account';
import type { CustomerCompany } from '@contract/travelers';

/** The traveller staff act for: an employee of the customer company or one of its guests. */
export type ActingTraveler = { uid: string; firstname: string; lastname: string; type: 'employee' | 'guest' };

/**
 * Agency staff book for someone (spec 1 §6): a travel agent for the agency's customer
 * companies, an assistance agent for their travellers. They choose the company, then the traveller;
 * every search and add to cart then carries `customer_id` and books for that traveller, and every
 * screen says so (the acting banner). Kept per tab (sessionStorage): two tabs may serve two customers.
 */
export type ActingFor = { company: CustomerCompany; traveler: ActingTraveler | null };

const KEY = 'escale.acting';

function read(): ActingFor | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ActingFor) : null;
  } catch {
    return null;
  }
}

export const useActing = create<{ acting: ActingFor | null }>(() => ({ acting: read() }));

/** Chooses whom staff book for (null: nobody yet). */
export function actFor(acting: ActingFor | null) {
  try {
    if (acting) sessionStorage.setItem(KEY, JSON.stringify(acting));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  useActing.setState({ acting });
}

/**
 * For whom the search forms book: staff, the company and traveller they chose (none yet: null);
 * anyone else, their own company. `customerId` goes into every search URL and body.
 */
export type BookingFor = {
  staff: boolean;
  /** The company's entities the forms offer (the user's own, or the customer's). */
  entities: { uid: string; name: string }[];
  company: { hotel_enabled: boolean; carrental_enabled: boolean; hasMultipaxSearchDisabled: boolean } | null;
  customerId: string | undefined;
  /** The traveller staff act for: the forms' first passenger (URL ref `profile:<uid>` or `guest:<uid>`). */
  traveler: ActingTraveler | null;
};

/**
 * Whether the user books for the agency's customers rather than for themselves: the server gives
 * its staff, and them only, the link to the customer companies they choose from.
 */
export const booksForCustomers = (user: User | null): boolean => !!user?.links.listCustomerCompanies;

export function bookingFor(user: User | null, acting: ActingFor | null): BookingFor {
  if (!user || !booksForCustomers(user)) {
    const company = user?.company
      ? {
          hotel_enabled: user.company.hotel_enabled,
          carrental_enabled: user.company.carrental_enabled,
          hasMultipaxSearchDisabled: user.company.config.travelAgency.hasMultipaxSearchDisabled,
        }
      : null;
    return { staff: false, entities: user?.entities ?? [], company, customerId: undefined, traveler: null };
  }
  return {
    staff: true,
    entities: acting?.company.entities ?? [],
    company: acting?.company ?? null,
    customerId: acting?.company.uid,
    traveler: acting?.traveler ?? null,
  };
}

/** The hook form of bookingFor, for the signed-in user. */
export const useBookingFor = (user: User | null): BookingFor =>
  bookingFor(
    user,
    useActing((s) => s.acting),
  );

/** The URL ref of the traveller staff act for. */
export const travelerRef = (traveler: ActingTraveler) => `${traveler.type === 'guest' ? 'guest' : 'profile'}:${traveler.uid}`;
