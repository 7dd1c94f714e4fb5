import type { Lang } from '@contract/account';
import { placeSchema, type Place, type PlaceType } from '@contract/places';
import type { Services } from '@server/platform/services';
import type { UserRow } from '@server/platform/auth';
import { companySuggestedAddresses } from '@server/db/companies';

/**
 * Place search for every search form. A blank (or one-space) query gets the ten suggested French
 * cities plus, for a signed-in user, the company's own addresses.
 */
export async function searchPlaces({ supplier, db }: Services, q: string, types: PlaceType[], lang: Lang, user: UserRow | null): Promise<Place[]> {
  if (q.trim() === '') {
    const company = user?.companyId ? await companySuggestedAddresses(db, user.companyId) : [];
    const addresses = company.flatMap((a) => {
      const parsed = placeSchema.safeParse(a);
      return parsed.success ? [{ ...parsed.data, src: 'company' }] : [];
    });
    return [...supplier.places.suggested(lang), ...addresses];
  }
  return supplier.places.search(q, types, lang, 10);
}
