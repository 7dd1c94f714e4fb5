import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import Users from 'lucide-react/icons/users';
import type { SearchUrl } from '@contract/search-url';
import { addHours, isDate, startOfDay } from '@web/components/date-picker/dates';
import type { DateRule } from '@web/components/date-picker/DateInput';
import { usePassengerLabel } from '@web/components/passengers/labels';
import { loadPassengersPanel } from '@web/components/passengers/lazy';
import {
  CalendarPanel,
  ControlledPanelField,
  DateField,
  EntityField,
  PassengersChoice,
  PlaceField,
  SelectFormField,
  TimeModeField,
  usePassengersText,
} from '@web/components/search-form/fields';
import type { SearchFormProps, SearchFormStart } from '@web/components/search-form/frame';
import {
  PanelHelp,
  SearchFormFrame,
  SearchSubmit,
  TravelBanner,
  forCustomer,
  rememberSearchNames,
  systemNow,
  withSearchFormStart,
} from '@web/components/search-form/frame';
import { useFormPanel, useSearchForm } from '@web/components/search-form/use-search-form';
import { useFeatures } from '@web/lib/features';
import { passengersFor } from '@web/lib/passengers';
import { SEARCH_SUBMIT_MARK } from '@web/lib/perf-marks';
import { tripDefaults, useOfficeDeparture } from './defaults';
import { EssentialTripBanner, OpenJawToggle, ReturnToggle, SwapPlaces } from './parts';
import type { TripField, TripValues } from './validation';
import { MAX_PASSENGERS } from './validation';

/** The form's rules, with zod: loaded when the form is first used, not with the home page. */
const loadRules = () => import('./rules');

type Panel = 'places' | 'date' | 'ret' | 'pax' | 'entity';
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['pax'] as const;

export type TripSearchFormProps = SearchFormProps & {
  /** Values to start from (e.g. a search to edit); the rest are the defaults. */
  initial?: Partial<TripValues>;
};

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
    defaults: () => ({ ...tripDefaults(user, booking, now()), ...initial, ...(initial?.pax ? { pax: passengersFor(initial.pax, user, booking) } : {}) }),
    now,
    rules: async (at) =>
      (await loadRules()).tripResolver({ now: at, birthdateRequired: features.allBirthdateRequired, hasEntities: entities.length > 0, travelID }),
    messages: () => import('./messages').then((m) => m.TRIP_MESSAGES),
    // The results screen's code and texts start loading as soon as the user starts a search, not at submit.
    preload: { loaders: [loadRules, loadPassengersPanel], route: '/search' },
  });
  const { control, handleSubmit, watch, getValues, setValue, setFocus, clearErrors } = form;
  const text = (field: TripField) => message(field);
  // The company's address, unless the form starts from a search.
  useOfficeDeparture(features.locationPrefilledSearch && Boolean(user?.company) && !initial?.from, user, form);

  const side = useFormPanel<Panel, TripField>(setFocus, FOCUS_ASIDE);
  const { show, setFocusNext } = side;

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

  const calendar = (name: 'date' | 'ret') => (
    <CalendarPanel
      control={control}
      name={name}
      label={name === 'ret' ? t`Date de retour` : t`Date d’aller`}
      onChange={(d, set) => {
        set(d);
        if (name === 'date') onDepartureChange(d);
      }}
      rule={name === 'ret' ? endRule : startRule}
      max={lastBookable}
      {...side.calendar(name)}
    />
  );
  const panels = {
    date: calendar('date'),
    ret: calendar('ret'),
    pax: <PassengersChoice form={form} name="pax" message={message} user={user} onConfirm={() => side.confirmPanel('pax')} />,
    places: <PanelHelp title={t`Où allez-vous ?`}>{t`Saisissez une gare, un aéroport ou une ville, puis choisissez-le dans la liste.`}</PanelHelp>,
    entity: <PanelHelp title={t`Entité`}>{t`L’entité de votre entreprise à laquelle ce voyage est rattaché et facturé.`}</PanelHelp>,
  };

  const place = (name: 'from' | 'to' | 'retFrom' | 'retTo', label: string, exclude: TripValues['from'], next: TripField, placeholder?: string) => (
    <PlaceField
      {...{ control, name, label, placeholder, exclude }}
      error={text(name)}
      onFocus={() => show('places')}
      onChange={(p) => p && setFocusNext({ field: next })}
    />
  );

  return (
    <div className="space-y-4">
      <EssentialTripBanner />
      {!!travelID && !isAssistance && !features.hideExistingTravelMessage && (
        <TravelBanner onCancel={onCancelTravel}>{t`Ce trajet sera ajouté à votre voyage en cours.`}</TravelBanner>
      )}
      <SearchFormFrame label={t`Recherche de trajet`} onSubmit={onSubmit} onFocus={preload} {...side.frame(['date', 'ret', 'pax'], panels)}>
        <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          {/* A context of its own: the cart's "Départ" (a time) is "Departure", this place is "From". */}
          {place('from', t({ message: 'Départ', context: 'place the trip leaves from' }), to, 'to', t`Gare, aéroport, ville`)}
          <SwapPlaces
            enabled={features.enableReverseLocation}
            onSwap={() => {
              setValue('from', to);
              setValue('to', from);
            }}
          />
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
              <ReturnToggle
                hasReturn={hasReturn}
                onAdd={() => {
                  setValue('hasReturn', true);
                  if (isDate(date)) setValue('ret', addHours(date, 1));
                  setFocusNext({ field: 'ret' });
                }}
                onRemove={() => {
                  setValue('hasReturn', false);
                  setValue('ret', null);
                  setValue('openJaw', false);
                  clearErrors(['ret', 'retFrom', 'retTo']);
                }}
              >
                <TimeModeField control={control} name="retMode" legend={t`Retour`} className="mb-2" />
                <DateField control={control} name="ret" label={t`Date de retour`} rule={endRule} error={text('ret')} {...side.dateField('ret')} />
              </ReturnToggle>
            </div>
          )}
        </div>

        {hasReturn && user?.hasOpenJawSearchEnabled && (
          <OpenJawToggle
            checked={openJaw}
            onChange={(checked) => {
              setValue('openJaw', checked);
              if (checked) {
                if (!retFrom) setValue('retFrom', to);
                if (!retTo) setValue('retTo', from);
              }
            }}
          >
            {place('retFrom', t`Départ du retour`, retTo, 'retTo')}
            {place('retTo', t`Destination du retour`, retFrom, 'date')}
          </OpenJawToggle>
        )}

        <ControlledPanelField
          control={control}
          name="pax"
          label={isAssistance ? t`Voyageurs` : t`Passagers`}
          icon={<Users aria-hidden="true" size={20} className="text-gray-600" />}
          value={paxText(pax)}
          error={text('pax')}
          {...side.panelField('pax')}
        />

        {(fares.length > 0 || entities.length > 0) && (
          <div className="grid gap-4 sm:grid-cols-2">
            {fares.length > 0 && (
              <SelectFormField control={control} name="fare" label={t`Tarif spécial`} onFocus={() => show(null)}>
                <option value="">{t`Aucun`}</option>
                {fares.map((f) => (
                  <option key={f.code} value={f.code}>
                    {f.label}
                  </option>
                ))}
              </SelectFormField>
            )}
            <EntityField control={control} name="entity" entities={entities} error={text('entity')} onFocus={() => show('entity')} />
          </div>
        )}

        <SearchSubmit />
        <p className="sr-only">{t`Jusqu’à ${MAX_PASSENGERS} passagers.`}</p>
      </SearchFormFrame>
    </div>
  );
});
