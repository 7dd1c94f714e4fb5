import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import Search from 'lucide-react/icons/search';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import UserRound from 'lucide-react/icons/user-round';
import type { User } from '../../../../contract/account';
import { Button } from '../../../components/Button';
import { FieldError, SelectField } from '../../../components/Field';
import { EntitySelect, SearchPanel } from '../../../components/SearchFormParts';
import { PlacePicker } from '../../../components/PlacePicker';
import { useSearchPanel } from '../../../components/use-search-panel';
import { usePlaceNamed } from '../../../components/use-place-named';
import { SearchSteps } from '../../../components/SearchSteps';
import { PanelSpinner } from '../../../components/Spinner';
import type { DateRule } from '../../../components/date-picker/DateInput';
import { DateInput } from '../../../components/date-picker/DateInput';
import { addHours, defaultStart, formatTypedDate, isDate, lastBookableDate, startOfDay, withHour } from '../../../components/date-picker/dates';
import { useUser } from '../../../lib/me';
import type { BookingFor } from '../../../lib/acting';
import { travelerRef, useBookingFor } from '../../../lib/acting';
import { searchFormKey } from '../../../lib/passengers';
import { rememberPlaceName } from '../../../lib/place-names';
import { CAR_DEFAULT_RADIUS, CAR_RADII, CAR_TYPES } from '../url';
import type { CarSearchUrl, DriverRef } from '../url';
import { rememberCarSearch, rememberedCarSearch } from './last-search';
import { DriverPanel, useDriverLabel } from './DriverPanel';
import { useCarTypeLabel } from '../labels';
import type { CarField, CarValues } from './validation';
import { CAR_MESSAGES, isCarMessageKey } from './validation';

const loadRules = () => import('./rules');
const loadCalendar = () => import('../../../components/date-picker/DatePicker');
const DateCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.DateCalendar })));

/** Spec 1 §5 "Date pickers": the car rental's quick buttons. */
const CAR_QUICK_HOURS = { morning: 9, afternoon: 18 } as const;

type Panel = 'places' | 'start' | 'end' | 'driver' | 'entity' | 'types' | null;
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['driver'] as const;

/**
 * What a caller may give the form to start from (the cart's shortcut): a place to look up by name (the
 * trip's destination), the trip's arrival and its way back's departure (local `YYYY-MM-DDTHH:mm`).
 */
export type CarPrefill = { place?: string; start?: string; end?: string };

const HOUR = 3_600_000;
const localDate = (text: string | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text ?? '');
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : null;
};

/** The rental from the trip: picked up at the first full hour after the arrival, returned an hour before the way back (else the next day at 18:00). */
function prefilledDates(prefill: CarPrefill): { start: Date | null; end: Date | null } {
  const arrival = localDate(prefill.start);
  if (!arrival) return { start: null, end: null };
  const start = new Date(Math.ceil(arrival.getTime() / HOUR) * HOUR);
  const back = localDate(prefill.end);
  const end = back && back.getTime() - HOUR > start.getTime() ? new Date(Math.floor((back.getTime() - HOUR) / HOUR) * HOUR) : withHour(addHours(start, 24), CAR_QUICK_HOURS.afternoon);
  return { start, end };
}

export type CarSearchFormProps = {
  /** The travel the rental is added to (`?travelID=`). */
  travelID?: string;
  /** The banner's cancel: search without adding to that travel. */
  onCancelTravel?: () => void;
  prefill?: CarPrefill;
  /** The clock (tests). */
  now?: () => Date;
};

const systemNow = () => new Date();

/** The car-rental search form (spec 1 §2 "Car-rental search form", §4, §5); its output is the /search-car-rentals URL. */
export function CarSearchForm(props: CarSearchFormProps) {
  const user = useUser();
  // Agency staff book for the company and traveller they chose: another choice starts the form again.
  const booking = useBookingFor(user);
  const formKey = searchFormKey(user, booking);
  return <CarForm key={formKey} formKey={formKey} user={user} booking={booking} {...props} />;
}

/**
 * The driver a new search starts with: the traveller agency staff act for (none chosen yet: none), a
 * travel manager (account_creation) none, anyone else themselves (spec 1 §6).
 */
function firstDriver(user: User | null, booking: BookingFor): CarValues['driver'] {
  if (booking.staff) {
    const traveler = booking.traveler;
    return traveler ? { ref: travelerRef(traveler) as DriverRef, name: `${traveler.firstname} ${traveler.lastname}` } : null;
  }
  return user && !user.perms.includes('account_creation') ? { ref: 'me', name: null } : null;
}

function defaults(user: User | null, booking: BookingFor, formKey: string, now: Date, prefill: CarPrefill | undefined): CarValues {
  const given = prefill ? prefilledDates(prefill) : { start: null, end: null };
  const start = given.start ?? withHour(addHours(now, 24), CAR_QUICK_HOURS.morning);
  const remembered = prefill ? null : rememberedCarSearch(formKey);
  if (remembered && isDate(remembered.start) && remembered.start.getTime() > now.getTime()) return remembered;
  return {
    from: null,
    to: null,
    rFrom: CAR_DEFAULT_RADIUS,
    rTo: CAR_DEFAULT_RADIUS,
    start: start.getTime() > now.getTime() ? start : defaultStart(now),
    end: given.end ?? withHour(addHours(start, 24), CAR_QUICK_HOURS.afternoon),
    types: [],
    driver: firstDriver(user, booking),
    entity: booking.entities.length === 1 ? booking.entities[0]!.uid : '',
  };
}

function CarForm({
  user,
  booking,
  formKey,
  travelID,
  onCancelTravel,
  prefill,
  now = systemNow,
}: CarSearchFormProps & { user: User | null; booking: BookingFor; formKey: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const typeLabel = useCarTypeLabel();
  const driverLabel = useDriverLabel(user);
  const entities = booking.entities;
  const panelId = useId();
  const driverId = useId();
  const typesId = useId();

  const preloaded = useRef(false);
  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    void loadRules().catch(() => undefined);
    void loadCalendar().catch(() => undefined);
    void router.preloadRoute({ to: '/search-car-rentals' }).catch(() => undefined);
  };

  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  }, [now]);
  const resolver: Resolver<CarValues, unknown, CarSearchUrl> = async (values, context, options) => {
    const { carResolver } = await loadRules();
    return carResolver({ now: nowRef.current(), hasEntities: entities.length > 0, travelID })(values, context, options);
  };
  const { control, handleSubmit, watch, getValues, setValue, setFocus, clearErrors, formState } = useForm<CarValues, unknown, CarSearchUrl>({
    defaultValues: defaults(user, booking, formKey, now(), prefill),
    resolver,
  });
  const lastBookable = lastBookableDate(now());
  const text = (field: CarField) => {
    const key = formState.errors[field]?.message;
    if (!isCarMessageKey(key)) return undefined;
    const message = { ...CAR_MESSAGES[key], values: { last: formatTypedDate(lastBookable) } };
    return i18n._(message);
  };

  // The cart's shortcut names the destination: the first place of that name is the pick-up and return place.
  usePlaceNamed(prefill?.place, (found) => {
    if (getValues('from')) return;
    setValue('from', found);
    setValue('to', found);
  });

  const { panel, mobileOpen, show, confirmPanel, setFocusNext, asideRef, panelFocus, enterPanel } = useSearchPanel<NonNullable<Panel>, CarField>(setFocus, FOCUS_ASIDE);

  const [from, to, start, types, driver] = watch(['from', 'to', 'start', 'types', 'driver']);
  const startRule: DateRule = { kind: 'start', now };
  const endRule: DateRule = { kind: 'end', now, start };

  const onStartChange = (d: Date | null) => {
    // An end not after the new start follows it (spec 1 §5 "Date pickers").
    const end = getValues('end');
    if (isDate(d) && isDate(end) && end.getTime() <= d.getTime()) setValue('end', startOfDay(end).getTime() < startOfDay(d).getTime() ? null : addHours(d, 1));
  };

  const onSubmit = handleSubmit((search) => {
    const values = getValues();
    for (const place of [values.from, values.to]) if (place) rememberPlaceName(place.ID, place.name);
    rememberCarSearch(formKey, values);
    void navigate({ to: '/search-car-rentals', search: booking.customerId ? { ...search, customer: booking.customerId } : search });
  });

  let panelContent: ReactNode;
  if (panel === 'start' || panel === 'end') {
    const isEnd = panel === 'end';
    panelContent = (
      <Suspense
        fallback={<PanelSpinner />}
      >
        <Controller
          control={control}
          name={isEnd ? 'end' : 'start'}
          render={({ field }) => (
            <DateCalendar
              key={panel}
              label={isEnd ? t`Date de restitution` : t`Date de prise en charge`}
              value={field.value}
              onChange={(d) => {
                field.onChange(d);
                if (!isEnd) onStartChange(d);
              }}
              rule={isEnd ? endRule : startRule}
              max={lastBookable}
              quickHours={CAR_QUICK_HOURS}
              takeFocus={panelFocus?.panel === panel ? panelFocus : undefined}
              onConfirm={() => confirmPanel(isEnd ? 'end' : 'start')}
            />
          )}
        />
      </Suspense>
    );
  } else if (panel === 'driver') {
    panelContent = (
      <Controller
        control={control}
        name="driver"
        render={({ field }) => (
          <DriverPanel
            value={field.value}
            user={user}
            onChange={(d) => {
              clearErrors('driver');
              field.onChange(d);
            }}
            onConfirm={() => confirmPanel('driver')}
          />
        )}
      />
    );
  } else if (panel === 'places') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Où prendre la voiture ?`}</h2>
        <p>{t`Choisissez une ville, une gare ou un aéroport : les agences dans le rayon choisi sont proposées.`}</p>
      </div>
    );
  } else if (panel === 'entity') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Entité`}</h2>
        <p>{t`L’entité de votre entreprise à laquelle cette location est rattachée et facturée.`}</p>
      </div>
    );
  } else if (panel === 'types') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Type de véhicule`}</h2>
        <p>{t`Sans choix, tous les types de véhicule sont proposés.`}</p>
      </div>
    );
  } else {
    panelContent = <SearchSteps />;
  }

  const radius = (name: 'rFrom' | 'rTo', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SelectField
          label={label}
          name={field.name}
          value={field.value}
          onChange={(e) => field.onChange(Number(e.target.value))}
          onBlur={field.onBlur}
          onFocus={() => show('places')}
          className="sm:w-36"
        >
          {CAR_RADII.map((r) => (
            <option key={r} value={r}>
              {t`${r} km`}
            </option>
          ))}
        </SelectField>
      )}
    />
  );

  const showTravelBanner = !!travelID && !user?.features.hideExistingTravelMessage;

  return (
    <div className="space-y-4">
      {showTravelBanner && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <TriangleAlert aria-hidden="true" size={20} className="shrink-0" />
          <p className="flex-1">{t`Cette location sera ajoutée à votre voyage en cours.`}</p>
          {onCancelTravel && (
            <Button variant="secondary" onClick={onCancelTravel}>
              {t`Annuler`}
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-6 min-[760px]:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          noValidate
          aria-label={t`Recherche de location de voiture`}
          onSubmit={onSubmit}
          onFocus={preload}
          className={`space-y-5 rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-sm ${mobileOpen ? 'max-[759px]:hidden' : ''}`}
        >
          <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
            <Controller
              control={control}
              name="from"
              render={({ field }) => (
                <PlacePicker
                  label={t`Lieu de prise en charge`}
                  placeholder={t`Ville, gare, aéroport`}
                  value={field.value}
                  inputRef={field.ref}
                  error={text('from')}
                  onFocus={() => show('places')}
                  onChange={(p) => {
                    field.onChange(p);
                    if (!p) return;
                    // Spec 1 §4: with no return place yet, the pick-up place is also the return place, and focus goes there.
                    if (!getValues('to')) {
                      setValue('to', p);
                      clearErrors('to');
                    }
                    setFocusNext({ field: 'to' });
                  }}
                />
              )}
            />
            {radius('rFrom', t`Rayon de prise en charge`)}
            <Controller
              control={control}
              name="to"
              render={({ field }) => (
                <PlacePicker
                  label={t`Lieu de restitution`}
                  placeholder={t`Ville, gare, aéroport`}
                  value={field.value}
                  inputRef={field.ref}
                  error={text('to')}
                  onFocus={() => show('places')}
                  onChange={(p) => {
                    field.onChange(p);
                    if (p) setFocusNext({ field: 'start' });
                  }}
                />
              )}
            />
            {radius('rTo', t`Rayon de restitution`)}
          </div>
          {from && to && from.ID !== to.ID && <p className="text-sm text-gray-700">{t`Location aller simple : des frais d’abandon peuvent s’appliquer.`}</p>}

          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="start"
              render={({ field }) => (
                <DateInput
                  label={t`Date de prise en charge`}
                  value={field.value}
                  rule={startRule}
                  inputRef={field.ref}
                  controls={panelId}
                  error={text('start')}
                  onFocus={() => show('start', true)}
                  onOpenCalendar={() => enterPanel('start')}
                  calendarOpen={panel === 'start'}
                  onChange={(d) => {
                    field.onChange(d);
                    onStartChange(d);
                    // Spec 1 §4: after a start date, focus goes to the end date.
                    if (isDate(d)) setFocusNext({ field: 'end' });
                  }}
                />
              )}
            />
            <Controller
              control={control}
              name="end"
              render={({ field }) => (
                <DateInput
                  label={t`Date de restitution`}
                  value={field.value}
                  rule={endRule}
                  inputRef={field.ref}
                  controls={panelId}
                  error={text('end')}
                  onFocus={() => show('end', true)}
                  onOpenCalendar={() => enterPanel('end')}
                  calendarOpen={panel === 'end'}
                  onChange={field.onChange}
                />
              )}
            />
          </div>

          <Controller
            control={control}
            name="types"
            render={({ field }) => (
              <fieldset onFocus={() => show('types')}>
                <legend id={typesId} className="mb-1 font-medium text-gray-900">
                  {t`Type de véhicule`}
                </legend>
                <div className="flex flex-wrap gap-2">
                  {CAR_TYPES.map((type) => {
                    const checked = types.includes(type);
                    return (
                      <label
                        key={type}
                        className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                          checked ? 'border-brand bg-brand/10 font-semibold' : 'border-gray-300 hover:bg-gray-50'
                        }`}
                      >
                        <input
                          type="checkbox"
                          className="size-5 accent-[var(--brand)]"
                          checked={checked}
                          onChange={() => field.onChange(checked ? field.value.filter((x) => x !== type) : [...field.value, type])}
                        />
                        {typeLabel(type)}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="driver"
              render={({ field }) => (
                <div>
                  <p id={`${driverId}-label`} className="mb-1 font-medium text-gray-900">
                    {t`Conducteur`}
                  </p>
                  <button
                    ref={field.ref}
                    type="button"
                    aria-labelledby={`${driverId}-label ${driverId}-value`}
                    aria-describedby={text('driver') ? `${driverId}-error` : undefined}
                    aria-controls={panelId}
                    aria-invalid={text('driver') ? true : undefined}
                    onFocus={() => show('driver')}
                    onClick={() => enterPanel('driver')}
                    className={`flex min-h-11 w-full items-center gap-2 rounded-lg border bg-white px-3 text-left ${text('driver') ? 'border-red-700' : 'border-gray-400'}`}
                  >
                    <UserRound aria-hidden="true" size={20} className="text-gray-600" />
                    <span id={`${driverId}-value`}>{driverLabel(driver)}</span>
                  </button>
                  <FieldError id={`${driverId}-error`}>{text('driver')}</FieldError>
                </div>
              )}
            />
            {entities.length > 0 && (
              <Controller
                control={control}
                name="entity"
                render={({ field }) => (
                  <EntitySelect
                    ref={field.ref}
                    entities={entities}
                    name={field.name}
                    value={field.value}
                    error={text('entity')}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    onFocus={() => show('entity')}
                  />
                )}
              />
            )}
          </div>

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
            if (!(panel === 'start' || panel === 'end' || panel === 'driver')) return false;
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
