import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import ExternalLink from 'lucide-react/icons/external-link';
import Info from 'lucide-react/icons/info';
import Search from 'lucide-react/icons/search';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Users from 'lucide-react/icons/users';
import type { User } from '../../../../contract/account';
import { useFeatures } from '../../../lib/features';
import type { SearchUrl } from '../../../../contract/search-url';
import { Button } from '../../../components/Button';
import { FieldError } from '../../../components/Field';
import { EntitySelect, SearchPanel } from '../../../components/SearchFormParts';
import { SearchSteps } from '../../../components/SearchSteps';
import { PanelSpinner } from '../../../components/Spinner';
import { SEARCH_SUBMIT_MARK } from '../../../lib/perf-marks';
import { useUser } from '../../../lib/me';
import type { BookingFor } from '../../../lib/acting';
import { useBookingFor } from '../../../lib/acting';
import { firstPassengers, passengersFor, searchFormKey } from '../../../lib/passengers';
import { rememberPassengerName } from '../../../lib/passenger-names';
import { rememberPlaceName } from '../../../lib/place-names';
import { placesQuery } from '../../../lib/places';
import type { DateRule } from '../../../components/date-picker/DateInput';
import { DateInput } from '../../../components/date-picker/DateInput';
import { usePassengerLabel } from '../../../components/passengers/labels';
import { PassengersPanel, loadPassengersPanel } from '../../../components/passengers/lazy';
import { PlacePicker } from '../../../components/PlacePicker';
import { useSearchPanel } from '../../../components/use-search-panel';
import { addHours, defaultStart, formatTypedDate, isDate, lastBookableDate, startOfDay } from '../../../components/date-picker/dates';
import type { TripField, TripValues } from './validation';
import { MAX_PASSENGERS, TRIP_MESSAGES, isTripMessageKey } from './validation';

/** The form's rules, with zod: loaded when the form is first used, not with the home page. */
const loadRules = () => import('./rules');
/** The calendar, with date-fns: likewise. */
const loadCalendar = () => import('../../../components/date-picker/DatePicker');
const DateCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.DateCalendar })));

/** The external site of the "is this trip essential?" banner (spec 1 §1). */
export const ESSENTIAL_TRIP_URL = 'https://impactco2.fr/outils/transport';

type Panel = 'places' | 'date' | 'ret' | 'pax' | 'entity' | null;
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['pax'] as const;

export type TripSearchFormProps = {
  /** The travel this trip is added to (`?travelID=` of the home page). */
  travelID?: string;
  onCancelTravel?: () => void;
  /** The clock (tests). */
  now?: () => Date;
  /** Values to start from (e.g. a search to edit); the rest are the defaults. */
  initial?: Partial<TripValues>;
};

const systemNow = () => new Date();

/** The trip search form of the home page (spec 1 §2, §4, §5); its output is the /search URL. */
export function TripSearchForm(props: TripSearchFormProps) {
  const user = useUser();
  // Agency staff book for the company and traveller they chose: another choice starts the form again.
  const booking = useBookingFor(user);
  return <TripForm key={searchFormKey(user, booking)} user={user} booking={booking} {...props} />;
}

function defaults(user: User | null, booking: BookingFor, now: Date): TripValues {
  return {
    from: null,
    to: null,
    date: defaultStart(now),
    mode: 'departure',
    hasReturn: false,
    ret: null,
    retMode: 'departure',
    openJaw: false,
    retFrom: null,
    retTo: null,
    pax: firstPassengers(user, booking),
    fare: '',
    entity: booking.entities.length === 1 ? booking.entities[0]!.uid : '',
  };
}

function TripForm({ user, booking, travelID, onCancelTravel, now = systemNow, initial }: TripSearchFormProps & { user: User | null; booking: BookingFor }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  // The results screen's code and texts start loading as soon as the user starts a search, not at submit.
  const preloaded = useRef(false);
  const preloadResults = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    void loadRules().catch(() => undefined);
    void loadCalendar().catch(() => undefined);
    void loadPassengersPanel().catch(() => undefined);
    void router.preloadRoute({ to: '/search' }).catch(() => undefined);
  };
  const features = useFeatures();
  const isAssistance = !!user?.perms.includes('assistance_agent');
  const entities = booking.entities;
  const fares = user?.special_fares ?? [];
  const panelId = useId();
  const paxErrorId = useId();

  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  }, [now]);
  // The rules depend on the clock at the time of the check, hence a schema per validation.
  const resolver: Resolver<TripValues, unknown, SearchUrl> = async (values, context, options) => {
    const { tripResolver } = await loadRules();
    const rules = tripResolver({ now: nowRef.current(), birthdateRequired: features.allBirthdateRequired, hasEntities: entities.length > 0, travelID });
    return rules(values, context, options);
  };
  const { control, handleSubmit, watch, getValues, setValue, setFocus, setError, clearErrors, formState } = useForm<TripValues, unknown, SearchUrl>({
    defaultValues: { ...defaults(user, booking, now()), ...initial, ...(initial?.pax ? { pax: passengersFor(initial.pax, user, booking) } : {}) },
    resolver,
  });
  // locationPrefilledSearch: the trip leaves from the company's address (its first) unless the form starts from a search.
  const prefillFrom = features.locationPrefilledSearch && Boolean(user?.company) && !initial?.from;
  const office = useQuery({
    queryKey: ['places', 'company-address', user?.uid] as const,
    queryFn: placesQuery('', 'airport,station,city').queryFn,
    select: (places) => places.find((place) => place.src === 'company') ?? null,
    enabled: prefillFrom,
    staleTime: 60_000,
  }).data;
  useEffect(() => {
    if (office && !getValues('from')) setValue('from', office);
  }, [office, getValues, setValue]);
  const lastBookable = lastBookableDate(now());
  const text = (field: TripField) => {
    const key = formState.errors[field]?.message;
    if (!isTripMessageKey(key)) return undefined;
    const message = { ...TRIP_MESSAGES[key], values: { last: formatTypedDate(lastBookable) } };
    return i18n._(message);
  };

  const { panel, mobileOpen, show, confirmPanel, setFocusNext, asideRef, panelFocus, enterPanel } = useSearchPanel<NonNullable<Panel>, TripField>(setFocus, FOCUS_ASIDE);

  const [from, to, date, hasReturn, openJaw, retFrom, retTo, pax] = watch(['from', 'to', 'date', 'hasReturn', 'openJaw', 'retFrom', 'retTo', 'pax']);
  const paxLabel = usePassengerLabel(isAssistance ? null : user);
  const startRule: DateRule = { kind: 'start', now };
  const endRule: DateRule = { kind: 'end', now, start: date };

  const onSubmit = handleSubmit((search) => {
    performance.mark(SEARCH_SUBMIT_MARK);
    // The results screen names the places before its results come.
    for (const place of getValues(['from', 'to', 'retFrom', 'retTo'])) if (place) rememberPlaceName(place.ID, place.name);
    for (const passenger of getValues('pax')) if (passenger.name) rememberPassengerName(passenger.ref, passenger.name);
    void navigate({ to: '/search', search: booking.customerId ? { ...search, customer: booking.customerId } : search });
  });

  const modeGroup = (name: 'mode' | 'retMode', legend: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="mb-2">
          <legend className="sr-only">{legend}</legend>
          <div className="inline-flex rounded-lg border border-gray-300 p-0.5">
            {(['departure', 'arrival'] as const).map((m) => (
              <label
                key={m}
                className={`flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                  field.value === m ? 'bg-brand text-brand-contrast' : 'text-gray-800 hover:bg-gray-100'
                }`}
              >
                <input type="radio" className="sr-only" name={field.name} value={m} checked={field.value === m} onChange={() => field.onChange(m)} />
                {m === 'departure' ? t`Partir après` : t`Arriver avant`}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    />
  );

  const showTravelBanner = !!travelID && !isAssistance && !features.hideExistingTravelMessage;

  let panelContent: ReactNode;
  if (panel === 'date' || panel === 'ret') {
    const isRet = panel === 'ret';
    panelContent = (
      <Suspense
        fallback={<PanelSpinner />}
      >
        <Controller
          control={control}
          name={isRet ? 'ret' : 'date'}
          render={({ field }) => (
            <DateCalendar
              key={panel}
              label={isRet ? t`Date de retour` : t`Date d’aller`}
              value={field.value}
              onChange={(d) => {
                field.onChange(d);
                if (!isRet) onDepartureChange(d);
              }}
              rule={isRet ? endRule : startRule}
              max={lastBookable}
              takeFocus={panelFocus?.panel === panel ? panelFocus : undefined}
              onConfirm={() => confirmPanel(panel)}
            />
          )}
        />
      </Suspense>
    );
  } else if (panel === 'pax') {
    panelContent = (
      <div className="space-y-4">
        <Controller
          control={control}
          name="pax"
          render={({ field }) => (
            <PassengersPanel
              pax={field.value}
              user={user}
              onChange={(next) => {
                clearErrors('pax');
                field.onChange(next);
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
        <Button variant="secondary" className="w-full" onClick={() => confirmPanel('pax')}>
          {t`Valider`}
        </Button>
      </div>
    );
  } else if (panel === 'places') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Où allez-vous ?`}</h2>
        <p>{t`Saisissez une gare, un aéroport ou une ville, puis choisissez-le dans la liste.`}</p>
      </div>
    );
  } else if (panel === 'entity') {
    panelContent = (
      <div className="space-y-2 text-gray-800">
        <h2 className="font-semibold text-gray-900">{t`Entité`}</h2>
        <p>{t`L’entité de votre entreprise à laquelle ce voyage est rattaché et facturé.`}</p>
      </div>
    );
  } else {
    panelContent = <SearchSteps />;
  }

  function onDepartureChange(d: Date | null) {
    // A return before the departure is reset (spec 1 §5).
    const currentRet = getValues('ret');
    if (isDate(d) && isDate(currentRet) && startOfDay(currentRet).getTime() < startOfDay(d).getTime()) setValue('ret', null);
  }

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950">
        <Info aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
        <p>
          {t`Ce déplacement est-il indispensable ?`}{' '}
          <a href={ESSENTIAL_TRIP_URL} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold underline underline-offset-2">
            {t`Évaluez son impact`}
            <ExternalLink aria-hidden="true" size={16} />
            <span className="sr-only">{t`(nouvel onglet)`}</span>
          </a>
        </p>
      </div>
      {showTravelBanner && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <TriangleAlert aria-hidden="true" size={20} className="shrink-0" />
          <p className="flex-1">{t`Ce trajet sera ajouté à votre voyage en cours.`}</p>
          <Button variant="secondary" onClick={onCancelTravel}>
            {t`Annuler`}
          </Button>
        </div>
      )}
      <div className="grid gap-6 min-[760px]:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          noValidate
          aria-label={t`Recherche de trajet`}
          onSubmit={onSubmit}
          onFocus={preloadResults}
          className={`space-y-5 rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-sm ${mobileOpen ? 'max-[759px]:hidden' : ''}`}
        >
          <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
            <Controller
              control={control}
              name="from"
              render={({ field }) => (
                <PlacePicker
                  // A context of its own: the cart's "Départ" (a time) is "Departure", this place is "From".
                  label={t({ message: 'Départ', context: 'place the trip leaves from' })}
                  placeholder={t`Gare, aéroport, ville`}
                  value={field.value}
                  exclude={to}
                  inputRef={field.ref}
                  error={text('from')}
                  onFocus={() => show('places')}
                  onChange={(p) => {
                    field.onChange(p);
                    if (p) setFocusNext({ field: 'to' });
                  }}
                />
              )}
            />
            {features.enableReverseLocation ? (
              <button
                type="button"
                aria-label={t`Inverser le départ et la destination`}
                onClick={() => {
                  setValue('from', to);
                  setValue('to', from);
                }}
                className="flex size-11 items-center justify-center self-end rounded-full border border-gray-400 bg-white text-gray-800 hover:bg-gray-100 max-sm:justify-self-center sm:mb-0"
              >
                <ArrowLeftRight aria-hidden="true" size={20} />
              </button>
            ) : (
              <span aria-hidden="true" />
            )}
            <Controller
              control={control}
              name="to"
              render={({ field }) => (
                <PlacePicker
                  label={t`Destination`}
                  placeholder={t`Gare, aéroport, ville`}
                  value={field.value}
                  exclude={from}
                  inputRef={field.ref}
                  error={text('to')}
                  onFocus={() => show('places')}
                  onChange={(p) => {
                    field.onChange(p);
                    if (p) setFocusNext({ field: hasReturn && openJaw ? 'retFrom' : 'date' });
                  }}
                />
              )}
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              {modeGroup('mode', t`Aller`)}
              <Controller
                control={control}
                name="date"
                render={({ field }) => (
                  <DateInput
                    label={t`Date d’aller`}
                    value={field.value}
                    rule={startRule}
                    inputRef={field.ref}
                    controls={panelId}
                    error={text('date')}
                    onFocus={() => show('date', true)}
                    onOpenCalendar={() => enterPanel('date')}
                    calendarOpen={panel === 'date'}
                    onChange={(d) => {
                      field.onChange(d);
                      onDepartureChange(d);
                    }}
                  />
                )}
              />
            </div>
            {!isAssistance && (
              <div>
                {hasReturn ? (
                  <>
                    {modeGroup('retMode', t`Retour`)}
                    <Controller
                      control={control}
                      name="ret"
                      render={({ field }) => (
                        <DateInput
                          label={t`Date de retour`}
                          value={field.value}
                          rule={endRule}
                          inputRef={field.ref}
                          controls={panelId}
                          error={text('ret')}
                          onFocus={() => show('ret', true)}
                          onOpenCalendar={() => enterPanel('ret')}
                          calendarOpen={panel === 'ret'}
                          onChange={field.onChange}
                        />
                      )}
                    />
                    <button
                      type="button"
                      className="mt-1 min-h-11 font-medium text-brand underline underline-offset-2"
                      onClick={() => {
                        setValue('hasReturn', false);
                        setValue('ret', null);
                        setValue('openJaw', false);
                        clearErrors(['ret', 'retFrom', 'retTo']);
                      }}
                    >
                      {t`Retirer le retour`}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="min-h-11 rounded-lg border border-dashed border-gray-400 px-4 font-medium text-gray-900 hover:bg-gray-50 sm:mt-11 sm:w-full"
                    onClick={() => {
                      setValue('hasReturn', true);
                      if (isDate(date)) setValue('ret', addHours(date, 1));
                      setFocusNext({ field: 'ret' });
                    }}
                  >
                    {t`Ajouter un retour`}
                  </button>
                )}
              </div>
            )}
          </div>

          {hasReturn && user?.hasOpenJawSearchEnabled && (
            <div className="space-y-3">
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="size-6 accent-[var(--brand)]"
                  checked={openJaw}
                  onChange={(e) => {
                    setValue('openJaw', e.target.checked);
                    if (e.target.checked) {
                      if (!retFrom) setValue('retFrom', to);
                      if (!retTo) setValue('retTo', from);
                    }
                  }}
                />
                {t`Retour depuis ou vers un autre lieu`}
              </label>
              {openJaw && (
                <div className="grid gap-3 sm:grid-cols-2">
                  <Controller
                    control={control}
                    name="retFrom"
                    render={({ field }) => (
                      <PlacePicker
                        label={t`Départ du retour`}
                        value={field.value}
                        exclude={retTo}
                        inputRef={field.ref}
                        error={text('retFrom')}
                        onFocus={() => show('places')}
                        onChange={(p) => {
                          field.onChange(p);
                          if (p) setFocusNext({ field: 'retTo' });
                        }}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name="retTo"
                    render={({ field }) => (
                      <PlacePicker
                        label={t`Destination du retour`}
                        value={field.value}
                        exclude={retFrom}
                        inputRef={field.ref}
                        error={text('retTo')}
                        onFocus={() => show('places')}
                        onChange={(p) => {
                          field.onChange(p);
                          if (p) setFocusNext({ field: 'date' });
                        }}
                      />
                    )}
                  />
                </div>
              )}
            </div>
          )}

          <Controller
            control={control}
            name="pax"
            render={({ field }) => (
              <div>
                <p id={`${paxErrorId}-label`} className="mb-1 font-medium text-gray-900">
                  {isAssistance ? t`Voyageurs` : t`Passagers`}
                </p>
                <button
                  ref={field.ref}
                  type="button"
                  aria-labelledby={`${paxErrorId}-label ${paxErrorId}-value`}
                  aria-describedby={text('pax') ? paxErrorId : undefined}
                  aria-controls={panelId}
                  aria-invalid={text('pax') ? true : undefined}
                  onFocus={() => show('pax')}
                  onClick={() => enterPanel('pax')}
                  className={`flex min-h-11 w-full items-center gap-2 rounded-lg border bg-white px-3 text-left ${text('pax') ? 'border-red-700' : 'border-gray-400'}`}
                >
                  <Users aria-hidden="true" size={20} className="text-gray-600" />
                  <span id={`${paxErrorId}-value`}>
                    {pax.length === 0 ? t`Aucun passager` : pax.length === 1 ? paxLabel(pax[0]!) : t`${pax.length} passagers`}
                  </span>
                </button>
                <FieldError id={paxErrorId}>{text('pax')}</FieldError>
              </div>
            )}
          />

          {(fares.length > 0 || entities.length > 0) && (
            <div className="grid gap-4 sm:grid-cols-2">
              {fares.length > 0 && (
                <Controller
                  control={control}
                  name="fare"
                  render={({ field }) => (
                    <SelectField label={t`Tarif spécial`} {...field} onFocus={() => show(null)}>
                      <option value="">{t`Aucun`}</option>
                      {fares.map((f) => (
                        <option key={f.code} value={f.code}>
                          {f.label}
                        </option>
                      ))}
                    </SelectField>
                  )}
                />
              )}
              {entities.length > 0 && (
                <Controller
                  control={control}
                  name="entity"
                  render={({ field }) => (
                    <EntitySelect entities={entities} error={text('entity')} {...field} onFocus={() => show('entity')} />
                  )}
                />
              )}
            </div>
          )}

          <Button type="submit" className="w-full sm:w-auto">
            <Search aria-hidden="true" size={20} />
            {t`Rechercher`}
          </Button>
          <p className="sr-only">{t`Jusqu’à ${MAX_PASSENGERS} passagers.`}</p>
        </form>
        <SearchPanel
          ref={asideRef}
          id={panelId}
          open={mobileOpen || panel === null}
          onEscape={() => {
            if (!(panel === 'date' || panel === 'ret' || panel === 'pax')) return false;
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

type SelectProps = {
  label: string;
  error?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onFocus: () => void;
  ref: (el: HTMLSelectElement | null) => void;
  children: ReactNode;
  disabled?: boolean;
};

function SelectField({ label, error, name, value, onChange, onBlur, onFocus, ref, children, disabled }: SelectProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        onFocus={onFocus}
        className={`block min-h-11 w-full rounded-lg border bg-white px-3 ${error ? 'border-red-700' : 'border-gray-400'}`}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
