import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import ExternalLink from 'lucide-react/icons/external-link';
import Info from 'lucide-react/icons/info';
import Users from 'lucide-react/icons/users';
import type { User } from '@contract/account';
import type { SearchUrl } from '@contract/search-url';
import { SelectField } from '@web/components/Field';
import { PlacePicker } from '@web/components/PlacePicker';
import { SearchSteps } from '@web/components/SearchSteps';
import { addHours, defaultStart, isDate, startOfDay } from '@web/components/date-picker/dates';
import type { DateRule } from '@web/components/date-picker/DateInput';
import { usePassengerLabel } from '@web/components/passengers/labels';
import { loadPassengersPanel } from '@web/components/passengers/lazy';
import {
  CalendarPanel,
  ControlledPanelField,
  DateField,
  EntityField,
  PassengersChoice,
  TimeModeField,
  usePassengersText,
} from '@web/components/search-form/fields';
import type { SearchFormProps, SearchFormStart } from '@web/components/search-form/frame';
import {
  PanelHelp,
  SearchFormFrame,
  SearchSubmit,
  TravelBanner,
  firstEntity,
  forCustomer,
  rememberSearchNames,
  systemNow,
  withSearchFormStart,
} from '@web/components/search-form/frame';
import { useFormPanel, useSearchForm } from '@web/components/search-form/use-search-form';
import type { BookingFor } from '@web/lib/acting';
import { useFeatures } from '@web/lib/features';
import { firstPassengers, passengersFor } from '@web/lib/passengers';
import { SEARCH_SUBMIT_MARK } from '@web/lib/perf-marks';
import { placesQuery } from '@web/lib/places';
import type { TripField, TripValues } from './validation';
import { MAX_PASSENGERS } from './validation';

/** The form's rules, with zod: loaded when the form is first used, not with the home page. */
const loadRules = () => import('./rules');

/** The external site of the "is this trip essential?" banner (spec 1 §1). */
const ESSENTIAL_TRIP_URL = 'https://impactco2.fr/outils/transport';

type Panel = 'places' | 'date' | 'ret' | 'pax' | 'entity';
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['pax'] as const;

export type TripSearchFormProps = SearchFormProps & {
  /** Values to start from (e.g. a search to edit); the rest are the defaults. */
  initial?: Partial<TripValues>;
};

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
    entity: firstEntity(booking),
  };
}

/** The trip search form of the home page (spec 1 §2, §4, §5); its output is the /search URL. */
export const TripSearchForm = withSearchFormStart(function TripForm({
  user,
  booking,
  travelID,
  onCancelTravel,
  now = systemNow,
  initial,
}: TripSearchFormProps & SearchFormStart) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const features = useFeatures();
  const isAssistance = !!user?.perms.includes('assistance_agent');
  const entities = booking.entities;
  const fares = user?.special_fares ?? [];

  const { form, message, preload, lastBookable } = useSearchForm<TripValues, SearchUrl>({
    defaults: () => ({ ...defaults(user, booking, now()), ...initial, ...(initial?.pax ? { pax: passengersFor(initial.pax, user, booking) } : {}) }),
    now,
    rules: async (at) =>
      (await loadRules()).tripResolver({ now: at, birthdateRequired: features.allBirthdateRequired, hasEntities: entities.length > 0, travelID }),
    messages: () => import('./messages').then((m) => m.TRIP_MESSAGES),
    // The results screen's code and texts start loading as soon as the user starts a search, not at submit.
    preload: { loaders: [loadRules, loadPassengersPanel], route: '/search' },
  });
  const { control, handleSubmit, watch, getValues, setValue, setFocus, setError, clearErrors } = form;
  const text = (field: TripField) => message(field);
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

  const side = useFormPanel<Panel, TripField>(setFocus, FOCUS_ASIDE);
  const { panel, show, setFocusNext } = side;

  const [from, to, date, hasReturn, openJaw, retFrom, retTo, pax] = watch(['from', 'to', 'date', 'hasReturn', 'openJaw', 'retFrom', 'retTo', 'pax']);
  const paxText = usePassengersText(usePassengerLabel(isAssistance ? null : user));
  const startRule: DateRule = { kind: 'start', now };
  const endRule: DateRule = { kind: 'end', now, start: date };

  const onSubmit = handleSubmit((search) => {
    performance.mark(SEARCH_SUBMIT_MARK);
    rememberSearchNames(getValues(['from', 'to', 'retFrom', 'retTo']), getValues('pax'));
    void navigate({ to: '/search', search: forCustomer(search, booking) });
  });

  function onDepartureChange(d: Date | null) {
    // A return before the departure is reset (spec 1 §5).
    const currentRet = getValues('ret');
    if (isDate(d) && isDate(currentRet) && startOfDay(currentRet).getTime() < startOfDay(d).getTime()) setValue('ret', null);
  }

  let panelContent: ReactNode = <SearchSteps />;
  if (panel === 'date' || panel === 'ret') {
    const isRet = panel === 'ret';
    panelContent = (
      <CalendarPanel
        control={control}
        name={panel}
        label={isRet ? t`Date de retour` : t`Date d’aller`}
        onChange={(d, set) => {
          set(d);
          if (!isRet) onDepartureChange(d);
        }}
        rule={isRet ? endRule : startRule}
        max={lastBookable}
        {...side.calendar(panel)}
      />
    );
  } else if (panel === 'pax') {
    panelContent = (
      <PassengersChoice
        control={control}
        name="pax"
        user={user}
        onChange={(next, set) => {
          clearErrors('pax');
          set(next);
        }}
        onTooMany={() => setError('pax', { type: 'validate', message: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' })}
        // The panel says only that there are too many; the rules' errors are the field's.
        error={form.formState.errors.pax?.message === 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' ? text('pax') : undefined}
        onConfirm={() => side.confirmPanel('pax')}
      />
    );
  } else if (panel === 'places') {
    panelContent = <PanelHelp title={t`Où allez-vous ?`}>{t`Saisissez une gare, un aéroport ou une ville, puis choisissez-le dans la liste.`}</PanelHelp>;
  } else if (panel === 'entity') {
    panelContent = <PanelHelp title={t`Entité`}>{t`L’entité de votre entreprise à laquelle ce voyage est rattaché et facturé.`}</PanelHelp>;
  }

  const place = (name: 'from' | 'to' | 'retFrom' | 'retTo', label: string, exclude: TripValues['from'], next: TripField, placeholder?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PlacePicker
          label={label}
          placeholder={placeholder}
          value={field.value}
          exclude={exclude}
          inputRef={field.ref}
          error={text(name)}
          onFocus={() => show('places')}
          onChange={(p) => {
            field.onChange(p);
            if (p) setFocusNext({ field: next });
          }}
        />
      )}
    />
  );

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950">
        <Info aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
        <p>
          {t`Ce déplacement est-il indispensable ?`}{' '}
          <a
            href={ESSENTIAL_TRIP_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
          >
            {t`Évaluez son impact`}
            <ExternalLink aria-hidden="true" size={16} />
            <span className="sr-only">{t`(nouvel onglet)`}</span>
          </a>
        </p>
      </div>
      {!!travelID && !isAssistance && !features.hideExistingTravelMessage && (
        <TravelBanner onCancel={onCancelTravel}>{t`Ce trajet sera ajouté à votre voyage en cours.`}</TravelBanner>
      )}
      <SearchFormFrame
        label={t`Recherche de trajet`}
        onSubmit={onSubmit}
        onFocus={preload}
        hidden={side.mobileOpen}
        panel={{
          ref: side.asideRef,
          id: side.id,
          open: side.mobileOpen || panel === null,
          onEscape: side.onEscape(['date', 'ret', 'pax']),
          content: panelContent,
        }}
      >
        <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          {/* A context of its own: the cart's "Départ" (a time) is "Departure", this place is "From". */}
          {place('from', t({ message: 'Départ', context: 'place the trip leaves from' }), to, 'to', t`Gare, aéroport, ville`)}
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
          {place('to', t`Destination`, from, hasReturn && openJaw ? 'retFrom' : 'date', t`Gare, aéroport, ville`)}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TimeModeField control={control} name="mode" legend={t`Aller`} className="mb-2" />
            <DateField
              control={control}
              name="date"
              label={t`Date d’aller`}
              rule={startRule}
              error={text('date')}
              {...side.dateField('date')}
              onChange={(d, set) => {
                set(d);
                onDepartureChange(d);
              }}
            />
          </div>
          {!isAssistance && (
            <div>
              {hasReturn ? (
                <>
                  <TimeModeField control={control} name="retMode" legend={t`Retour`} className="mb-2" />
                  <DateField control={control} name="ret" label={t`Date de retour`} rule={endRule} error={text('ret')} {...side.dateField('ret')} />
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
                {place('retFrom', t`Départ du retour`, retTo, 'retTo')}
                {place('retTo', t`Destination du retour`, retFrom, 'date')}
              </div>
            )}
          </div>
        )}

        <ControlledPanelField
          control={control}
          name="pax"
          label={isAssistance ? t`Voyageurs` : t`Passagers`}
          icon={<Users aria-hidden="true" size={20} className="text-gray-600" />}
          value={paxText(pax)}
          error={text('pax')}
          panelId={side.id}
          onFocus={() => show('pax')}
          onOpen={() => side.enterPanel('pax')}
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
            {entities.length > 0 && <EntityField control={control} name="entity" entities={entities} error={text('entity')} onFocus={() => show('entity')} />}
          </div>
        )}

        <SearchSubmit />
        <p className="sr-only">{t`Jusqu’à ${MAX_PASSENGERS} passagers.`}</p>
      </SearchFormFrame>
    </div>
  );
});
