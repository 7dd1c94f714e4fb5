import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import BedDouble from 'lucide-react/icons/bed-double';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { User } from '../../../../contract/account';
import { Button } from '../../../components/Button';
import { FieldError } from '../../../components/Field';
import { EntitySelect, SearchPanel } from '../../../components/SearchFormParts';
import { PlacePicker } from '../../../components/PlacePicker';
import { useSearchPanel } from '../../../components/use-search-panel';
import { usePlaceNamed } from '../../../components/use-place-named';
import { SearchSteps } from '../../../components/SearchSteps';
import { PanelSpinner } from '../../../components/Spinner';
import type { DateRule } from '../../../components/date-picker/DateInput';
import { DateInput } from '../../../components/date-picker/DateInput';
import { addHours, formatTypedDate, isDate, lastBookableDate, startOfDay, withHour } from '../../../components/date-picker/dates';
import { usePassengerLabel } from '../../../components/passengers/labels';
import { PassengersPanel, loadPassengersPanel } from '../../../components/passengers/lazy';
import { useUser } from '../../../lib/me';
import type { BookingFor } from '../../../lib/acting';
import { useBookingFor } from '../../../lib/acting';
import { firstPassengers, passengersFor, searchFormKey } from '../../../lib/passengers';
import { rememberPassengerName } from '../../../lib/passenger-names';
import { rememberPlaceName } from '../../../lib/place-names';
import { StarsPicker } from '../components/Stars';
import { lastHotelSearch, rememberHotelSearch } from '../last-search';
import type { HotelSearchUrl } from '../url';
import { HOTEL_DEFAULT_RADIUS, HOTEL_RADII, MAX_ROOMS } from '../url';
import type { HotelField, HotelValues } from './validation';
import { HOTEL_MESSAGES, isHotelMessageKey } from './validation';

const loadRules = () => import('./rules');
const loadCalendar = () => import('../../../components/date-picker/DatePicker');
const DateCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.DateCalendar })));

/**
 * Check-in and check-out are days at noon (spec 1 §9). The calendar's quick buttons would both set
 * 12:00 (spec 1 §5: hotel 12 and 12), so the hotel's calendar shows days only.
 */
export const HOTEL_HOUR = 12;
const atNoon = (d: Date | null) => (isDate(d) ? withHour(d, HOTEL_HOUR) : d);
const nextDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, HOTEL_HOUR);

type Panel = 'place' | 'checkIn' | 'checkOut' | 'pax' | 'filters' | 'entity' | null;
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['pax'] as const;

export type HotelSearchFormProps = {
  /** The travel the stay is added to (`?travelID=` of the home page). */
  travelID?: string;
  onCancelTravel?: () => void;
  /** The clock (tests). */
  now?: () => Date;
  /** Values to start from (a search to modify); the rest are the defaults. */
  initial?: Partial<HotelValues>;
  /** The cart's shortcut (spec 1 §2): a stay around its trip — the destination's name, its arrival and way back (local `YYYY-MM-DDTHH:mm`). */
  prefill?: { place?: string; start?: string; end?: string };
};

/** The stay around a trip: check-in the arrival's day, check-out the way back's day, else the next day. */
function prefilledStay(prefill: NonNullable<HotelSearchFormProps['prefill']>): Partial<HotelValues> {
  const day = (local: string | undefined) => {
    const m = local && /^(\d{4})-(\d{2})-(\d{2})T/.exec(local);
    return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), HOTEL_HOUR) : null;
  };
  const checkIn = day(prefill.start);
  if (!checkIn) return {};
  const back = day(prefill.end);
  return { checkIn, checkOut: back && back.getTime() > checkIn.getTime() ? back : nextDay(checkIn) };
}

const systemNow = () => new Date();

/** The hotel search form (spec 1 §2 "Hotel search form", §4, §5 "Hotel"); its output is the /search-hotels URL. */
export function HotelSearchForm(props: HotelSearchFormProps) {
  const user = useUser();
  // Agency staff book for the company and traveller they chose: another choice starts the form again.
  const booking = useBookingFor(user);
  const formKey = searchFormKey(user, booking);
  return <HotelForm key={formKey} formKey={formKey} user={user} booking={booking} {...props} />;
}

function defaults(user: User | null, booking: BookingFor): HotelValues {
  return {
    place: null,
    radius: HOTEL_DEFAULT_RADIUS,
    checkIn: null,
    checkOut: null,
    name: '',
    stars: null,
    breakfast: false,
    halfBoard: false,
    fullBoard: false,
    pax: firstPassengers(user, booking),
    rooms: 1,
    entity: booking.entities.length === 1 ? booking.entities[0]!.uid : '',
  };
}

function HotelForm({
  user,
  booking,
  formKey,
  travelID,
  onCancelTravel,
  now = systemNow,
  initial,
  prefill,
}: HotelSearchFormProps & { user: User | null; booking: BookingFor; formKey: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const preloaded = useRef(false);
  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    void loadPassengersPanel().catch(() => undefined);
    void loadRules().catch(() => undefined);
    void loadCalendar().catch(() => undefined);
    void router.preloadRoute({ to: '/search-hotels' }).catch(() => undefined);
  };
  const entities = booking.entities;
  const panelId = useId();
  const paxId = useId();
  const radiusId = useId();
  const nameId = useId();

  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  }, [now]);
  const resolver: Resolver<HotelValues, unknown, HotelSearchUrl> = async (values, context, options) => {
    const { hotelResolver } = await loadRules();
    return hotelResolver({ now: nowRef.current(), hasEntities: entities.length > 0, travelID })(values, context, options);
  };
  const { control, handleSubmit, watch, getValues, setValue, setFocus, setError, register, clearErrors, formState } = useForm<HotelValues, unknown, HotelSearchUrl>({
    // A search to modify, the cart's shortcut, else the last one (back from results that found nothing), else the defaults.
    defaultValues: {
      ...defaults(user, booking),
      ...(initial ?? (prefill ? prefilledStay(prefill) : lastHotelSearch(formKey))),
      ...(initial?.pax ? { pax: passengersFor(initial.pax, user, booking) } : {}),
    },
    resolver,
  });
  const lastBookable = lastBookableDate(now());
  const text = (field: HotelField) => {
    const key = formState.errors[field]?.message;
    if (!isHotelMessageKey(key)) return undefined;
    const message = { ...HOTEL_MESSAGES[key], values: { last: formatTypedDate(lastBookable) } };
    return i18n._(message);
  };

  // The shortcut names the place: the first place of that name is the stay's.
  usePlaceNamed(prefill?.place, (found) => !getValues('place') && setValue('place', found), !initial);

  const { panel, mobileOpen, show, confirmPanel, setFocusNext, asideRef, panelFocus, enterPanel } = useSearchPanel<NonNullable<Panel>, HotelField>(setFocus, FOCUS_ASIDE);

  const [checkIn, pax, rooms, radius] = watch(['checkIn', 'pax', 'rooms', 'radius']);
  const paxLabel = usePassengerLabel(user);
  const startRule: DateRule = { kind: 'start', now };
  const endRule: DateRule = { kind: 'end', now, start: checkIn };
  const firstCheckOut = isDate(checkIn) ? nextDay(checkIn) : undefined;

  /** Spec 1 §5: a check-out not after the new check-in is reset to the check-in. */
  const onCheckInChange = (d: Date | null) => {
    const out = getValues('checkOut');
    if (isDate(d) && isDate(out) && startOfDay(out).getTime() <= startOfDay(d).getTime()) setValue('checkOut', d);
  };

  const onSubmit = handleSubmit((search) => {
    const place = getValues('place');
    if (place) rememberPlaceName(place.ID, place.name);
    rememberHotelSearch(getValues(), formKey);
    for (const passenger of getValues('pax')) if (passenger.name) rememberPassengerName(passenger.ref, passenger.name);
    void navigate({ to: '/search-hotels', search: booking.customerId ? { ...search, customer: booking.customerId } : search });
  });

  const radiusIndex = Math.max(0, HOTEL_RADII.indexOf(radius as (typeof HOTEL_RADII)[number]));
  const roomsText = rooms === 1 ? t`1 chambre` : t`${rooms} chambres`;
  const paxText = pax.length === 0 ? t`Aucun voyageur` : pax.length === 1 ? paxLabel(pax[0]!) : t`${pax.length} voyageurs`;
  const canAddRoom = rooms < MAX_ROOMS && pax.length > rooms;

  let panelContent: ReactNode;
  if (panel === 'checkIn' || panel === 'checkOut') {
    const isOut = panel === 'checkOut';
    panelContent = (
      <Suspense
        fallback={<PanelSpinner />}
      >
        <Controller
          control={control}
          name={panel}
          render={({ field }) => (
            <DateCalendar
              key={panel}
              label={isOut ? t({ message: 'Date de départ', context: 'hotel check-out' }) : t({ message: 'Date d’arrivée', context: 'hotel check-in' })}
              value={field.value}
              dateOnly
              onChange={(d) => {
                field.onChange(atNoon(d));
                if (!isOut) {
                  onCheckInChange(atNoon(d));
                  // Spec 1 §4: after the start date, the end date.
                  enterPanel('checkOut');
                }
              }}
              rule={isOut ? endRule : startRule}
              min={isOut ? firstCheckOut : undefined}
              max={isOut ? addHours(lastBookable, 24) : lastBookable}
              takeFocus={panelFocus?.panel === panel ? panelFocus : undefined}
              onConfirm={() => confirmPanel(panel)}
            />
          )}
        />
      </Suspense>
    );
  } else if (panel === 'pax') {
    panelContent = (
      <div className="space-y-5">
        <Controller
          control={control}
          name="pax"
          render={({ field }) => (
            <PassengersPanel
              pax={field.value}
              user={user}
              onChange={(next) => {
                clearErrors(['pax', 'rooms']);
                field.onChange(next);
                // Every room needs a traveller: fewer travellers, fewer rooms.
                if (next.length > 0 && getValues('rooms') > next.length) setValue('rooms', next.length);
              }}
              onTooMany={() => setError('pax', { type: 'validate', message: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' })}
            />
          )}
        />
        {formState.errors.pax?.message === 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {text('pax')}
          </p>
        )}
        <div>
          <p id={`${paxId}-rooms`} className="mb-1 font-medium text-gray-900">
            {t`Chambres`}
          </p>
          <div role="group" aria-labelledby={`${paxId}-rooms`} className="flex items-center gap-3">
            <Button variant="secondary" aria-label={t`Retirer une chambre`} disabled={rooms <= 1} onClick={() => setValue('rooms', rooms - 1)}>
              <Minus aria-hidden="true" size={18} />
            </Button>
            <output aria-live="polite" className="min-w-24 text-center font-semibold tabular-nums">
              {roomsText}
            </output>
            <Button
              variant="secondary"
              aria-label={t`Ajouter une chambre`}
              aria-describedby={canAddRoom ? undefined : `${paxId}-rooms-hint`}
              disabled={!canAddRoom}
              onClick={() => {
                clearErrors('rooms');
                setValue('rooms', rooms + 1);
              }}
            >
              <Plus aria-hidden="true" size={18} />
            </Button>
          </div>
          {!canAddRoom && rooms < MAX_ROOMS && (
            <p id={`${paxId}-rooms-hint`} className="mt-1 text-sm text-gray-700">
              {t`Pour ajouter une chambre, ajoutez d’abord un voyageur : chaque chambre en accueille au moins un.`}
            </p>
          )}
        </div>
        <Button variant="secondary" className="w-full" onClick={() => confirmPanel('pax')}>
          {t`Valider`}
        </Button>
      </div>
    );
  } else if (panel === 'place') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Où dormez-vous ?`}</h2>
        <p>{t`Saisissez une ville, une gare ou un aéroport, puis choisissez-le dans la liste. Le rayon dit jusqu’où chercher autour.`}</p>
      </div>
    );
  } else if (panel === 'filters') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Filtres`}</h2>
        <p>{t`Ne cherchez que les hôtels d’un nom, d’un nombre d’étoiles minimum ou qui proposent ces repas. Vous pourrez affiner encore sur les résultats.`}</p>
      </div>
    );
  } else if (panel === 'entity') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Entité`}</h2>
        <p>{t`L’entité de votre entreprise à laquelle ce séjour est rattaché et facturé.`}</p>
      </div>
    );
  } else {
    panelContent = <SearchSteps />;
  }

  const showTravelBanner = !!travelID && !user?.perms.includes('assistance_agent') && !user?.features.hideExistingTravelMessage;

  return (
    <div className="space-y-4">
      {showTravelBanner && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <TriangleAlert aria-hidden="true" size={20} className="shrink-0" />
          <p className="flex-1">{t`Ce séjour sera ajouté à votre voyage en cours.`}</p>
          <Button variant="secondary" onClick={onCancelTravel}>
            {t`Annuler`}
          </Button>
        </div>
      )}
      <div className="grid gap-6 min-[760px]:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          noValidate
          aria-label={t`Recherche d’hôtel`}
          onSubmit={onSubmit}
          onFocus={preload}
          className={`space-y-5 rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-sm ${mobileOpen ? 'max-[759px]:hidden' : ''}`}
        >
          <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
            <Controller
              control={control}
              name="place"
              render={({ field }) => (
                <PlacePicker
                  label={t`Lieu du séjour`}
                  placeholder={t`Ville, gare, aéroport`}
                  value={field.value}
                  inputRef={field.ref}
                  error={text('place')}
                  onFocus={() => show('place')}
                  onChange={(p) => {
                    field.onChange(p);
                    // Spec 1 §4: the place, then the check-in.
                    if (p) setFocusNext({ field: 'checkIn' });
                  }}
                />
              )}
            />
            <div>
              <div className="mb-1 flex justify-between font-medium text-gray-900">
                <label htmlFor={radiusId}>{t`Rayon`}</label>
                <output htmlFor={radiusId} aria-hidden="true" className="tabular-nums">{`${radius} km`}</output>
              </div>
              <input
                id={radiusId}
                type="range"
                min={0}
                max={HOTEL_RADII.length - 1}
                step={1}
                value={radiusIndex}
                aria-valuetext={`${radius} km`}
                list={`${radiusId}-ticks`}
                onFocus={() => show('place')}
                onChange={(e) => setValue('radius', HOTEL_RADII[Number(e.target.value)]!)}
                className="block min-h-11 w-full accent-[var(--brand)]"
              />
              <datalist id={`${radiusId}-ticks`}>
                {HOTEL_RADII.map((r, i) => (
                  <option key={r} value={i} label={`${r}`} />
                ))}
              </datalist>
              <div aria-hidden="true" className="flex justify-between text-xs text-gray-600 tabular-nums">
                {HOTEL_RADII.map((r) => (
                  <span key={r}>{r}</span>
                ))}
              </div>
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="checkIn"
              render={({ field }) => (
                <DateInput
                  label={t({ message: 'Date d’arrivée', context: 'hotel check-in' })}
                  value={field.value}
                  rule={startRule}
                  dateOnly
                  inputRef={field.ref}
                  controls={panelId}
                  error={text('checkIn')}
                  onFocus={() => show('checkIn', true)}
                  onOpenCalendar={() => enterPanel('checkIn')}
                  calendarOpen={panel === 'checkIn'}
                  onChange={(d) => {
                    const value = atNoon(d);
                    field.onChange(value);
                    onCheckInChange(value);
                    // Spec 1 §4: a whole check-in typed, the check-out next.
                    if (isDate(value)) setFocusNext({ field: 'checkOut' });
                  }}
                />
              )}
            />
            <Controller
              control={control}
              name="checkOut"
              render={({ field }) => (
                <DateInput
                  label={t({ message: 'Date de départ', context: 'hotel check-out' })}
                  value={field.value}
                  rule={endRule}
                  dateOnly
                  inputRef={field.ref}
                  controls={panelId}
                  error={text('checkOut')}
                  onFocus={() => show('checkOut', true)}
                  onOpenCalendar={() => enterPanel('checkOut')}
                  calendarOpen={panel === 'checkOut'}
                  onChange={(d) => field.onChange(atNoon(d))}
                />
              )}
            />
          </div>

          <Controller
            control={control}
            name="pax"
            render={({ field }) => (
              <div>
                <p id={`${paxId}-label`} className="mb-1 font-medium text-gray-900">
                  {t`Voyageurs et chambres`}
                </p>
                <button
                  ref={field.ref}
                  type="button"
                  aria-labelledby={`${paxId}-label ${paxId}-value`}
                  aria-describedby={text('pax') || text('rooms') ? `${paxId}-error` : undefined}
                  aria-controls={panelId}
                  aria-invalid={text('pax') || text('rooms') ? true : undefined}
                  onFocus={() => show('pax')}
                  onClick={() => enterPanel('pax')}
                  className={`flex min-h-11 w-full items-center gap-2 rounded-lg border bg-white px-3 text-left ${text('pax') || text('rooms') ? 'border-red-700' : 'border-gray-400'}`}
                >
                  <BedDouble aria-hidden="true" size={20} className="text-gray-600" />
                  <span id={`${paxId}-value`}>
                    {paxText} · {roomsText}
                  </span>
                </button>
                <FieldError id={`${paxId}-error`}>{text('pax') ?? text('rooms')}</FieldError>
              </div>
            )}
          />

          <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
            <legend className="px-1 font-semibold text-gray-900">{t`Filtres`}</legend>
            <div>
              <label htmlFor={nameId} className="mb-1 block font-medium text-gray-900">
                {t`Nom de l’hôtel`}
              </label>
              <input
                id={nameId}
                type="text"
                maxLength={100}
                autoComplete="off"
                {...register('name')}
                onFocus={() => show('filters')}
                className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
              />
            </div>
            <Controller control={control} name="stars" render={({ field }) => <StarsPicker value={field.value} onChange={field.onChange} onFocus={() => show('filters')} />} />
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ['breakfast', t`Petit-déjeuner`],
                  ['halfBoard', t`Demi-pension`],
                  ['fullBoard', t`Pension complète`],
                ] as const
              ).map(([name, label]) => (
                <label key={name} className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" className="size-5 accent-[var(--brand)]" {...register(name)} onFocus={() => show('filters')} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {entities.length > 0 && (
            <Controller
              control={control}
              name="entity"
              render={({ field }) => (
                <EntitySelect entities={entities} error={text('entity')} {...field} onFocus={() => show('entity')} />
              )}
            />
          )}

          <Button type="submit" className="w-full sm:w-auto">
            <Search aria-hidden="true" size={20} />
            {t`Rechercher`}
          </Button>
        </form>
        <SearchPanel
          ref={asideRef}
          id={panelId}
          open={mobileOpen || panel === null}
          onEscape={() => {
            if (!(panel === 'checkIn' || panel === 'checkOut' || panel === 'pax')) return false;
            confirmPanel(panel);
            return true;
          }}
        >
          {panelContent}
        </SearchPanel>
      </div>
    </div>
  );
}
