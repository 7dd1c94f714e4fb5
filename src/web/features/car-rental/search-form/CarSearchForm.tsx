import { Controller } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import UserRound from 'lucide-react/icons/user-round';
import { usePlaceNamed } from '@web/components/use-place-named';
import type { DateRule } from '@web/components/date-picker/DateInput';
import { addHours, isDate, startOfDay } from '@web/components/date-picker/dates';
import { CalendarPanel, ControlledPanelField, DateField, EntityField, PlaceField, SelectFormField } from '@web/components/search-form/fields';
import type { SearchFormProps, SearchFormStart, SearchPrefill } from '@web/components/search-form/frame';
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
import { CAR_RADII } from '../url';
import type { CarSearchUrl } from '../url';
import { rememberCarSearch } from './last-search';
import { DriverPanel, useDriverLabel } from './DriverPanel';
import { VehicleTypesField } from './VehicleTypesField';
import { CAR_QUICK_HOURS, carDefaults } from './defaults';
import type { CarField, CarValues } from './validation';
import { CAR_MESSAGES } from './validation';

const loadRules = () => import('./rules');

type Panel = 'places' | 'start' | 'end' | 'driver' | 'entity' | 'types';
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['driver'] as const;

export type CarSearchFormProps = SearchFormProps & { prefill?: SearchPrefill };

/** The car-rental search form (spec 1 §2 "Car-rental search form", §4, §5); its output is the /search-car-rentals URL. */
export const CarSearchForm = withSearchFormStart(function CarForm({
  user,
  booking,
  formKey,
  travelID,
  onCancelTravel,
  prefill,
  now = systemNow,
}: CarSearchFormProps & SearchFormStart) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const driverLabel = useDriverLabel(user);
  const entities = booking.entities;

  const { form, message, preload, lastBookable } = useSearchForm<CarValues, CarSearchUrl>({
    defaults: () => carDefaults(user, booking, formKey, now(), prefill),
    now,
    rules: async (at) => (await loadRules()).carResolver({ now: at, hasEntities: entities.length > 0, travelID }),
    messages: CAR_MESSAGES,
    preload: { loaders: [loadRules], route: '/search-car-rentals' },
  });
  const { control, handleSubmit, watch, getValues, setValue, setFocus, clearErrors } = form;
  const text = (field: CarField) => message(field);
  // The cart's shortcut names the destination: the first place of that name is the pick-up and return place.
  usePlaceNamed(prefill?.place, (found) => {
    if (getValues('from')) return;
    setValue('from', found);
    setValue('to', found);
  });

  const side = useFormPanel<Panel, CarField>(setFocus, FOCUS_ASIDE);
  const { show, setFocusNext } = side;

  const [from, to, start, driver] = watch(['from', 'to', 'start', 'driver']);
  const startRule: DateRule = { kind: 'start', now };
  const endRule: DateRule = { kind: 'end', now, start };

  const onStartChange = (d: Date | null) => {
    // An end not after the new start follows it (spec 1 §5 "Date pickers").
    const end = getValues('end');
    if (isDate(d) && isDate(end) && end.getTime() <= d.getTime()) setValue('end', startOfDay(end).getTime() < startOfDay(d).getTime() ? null : addHours(d, 1));
  };

  const onSubmit = handleSubmit((search) => {
    const values = getValues();
    rememberSearchNames([values.from, values.to]);
    rememberCarSearch(formKey, values);
    void navigate({ to: '/search-car-rentals', search: forCustomer(search, booking) });
  });

  const calendar = (name: 'start' | 'end') => (
    <CalendarPanel
      control={control}
      name={name}
      label={name === 'end' ? t`Date de restitution` : t`Date de prise en charge`}
      onChange={(d, set) => {
        set(d);
        if (name === 'start') onStartChange(d);
      }}
      rule={name === 'end' ? endRule : startRule}
      max={lastBookable}
      quickHours={CAR_QUICK_HOURS}
      {...side.calendar(name)}
    />
  );
  const panels = {
    start: calendar('start'),
    end: calendar('end'),
    driver: (
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
            onConfirm={() => side.confirmPanel('driver')}
          />
        )}
      />
    ),
    places: (
      <PanelHelp title={t`Où prendre la voiture ?`}>
        {t`Choisissez une ville, une gare ou un aéroport : les agences dans le rayon choisi sont proposées.`}
      </PanelHelp>
    ),
    entity: <PanelHelp title={t`Entité`}>{t`L’entité de votre entreprise à laquelle cette location est rattachée et facturée.`}</PanelHelp>,
    types: <PanelHelp title={t`Type de véhicule`}>{t`Sans choix, tous les types de véhicule sont proposés.`}</PanelHelp>,
  };

  const radius = (name: 'rFrom' | 'rTo', label: string) => (
    <SelectFormField control={control} name={name} label={label} parse={Number} onFocus={() => show('places')} className="sm:w-36">
      {CAR_RADII.map((r) => (
        <option key={r} value={r}>
          {t`${r} km`}
        </option>
      ))}
    </SelectFormField>
  );

  return (
    <div className="space-y-4">
      {!!travelID && !user?.features.hideExistingTravelMessage && (
        <TravelBanner onCancel={onCancelTravel}>{t`Cette location sera ajoutée à votre voyage en cours.`}</TravelBanner>
      )}
      <SearchFormFrame label={t`Recherche de location de voiture`} onSubmit={onSubmit} onFocus={preload} {...side.frame(['start', 'end', 'driver'], panels)}>
        <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
          <PlaceField
            control={control}
            name="from"
            label={t`Lieu de prise en charge`}
            placeholder={t`Ville, gare, aéroport`}
            error={text('from')}
            onFocus={() => show('places')}
            onChange={(p) => {
              if (!p) return;
              // Spec 1 §4: with no return place yet, the pick-up place is also the return place, and focus goes there.
              if (!getValues('to')) {
                setValue('to', p);
                clearErrors('to');
              }
              setFocusNext({ field: 'to' });
            }}
          />
          {radius('rFrom', t`Rayon de prise en charge`)}
          <PlaceField
            control={control}
            name="to"
            label={t`Lieu de restitution`}
            placeholder={t`Ville, gare, aéroport`}
            error={text('to')}
            onFocus={() => show('places')}
            onChange={(p) => p && setFocusNext({ field: 'start' })}
          />
          {radius('rTo', t`Rayon de restitution`)}
        </div>
        {from && to && from.ID !== to.ID && <p className="text-sm text-gray-700">{t`Location aller simple : des frais d’abandon peuvent s’appliquer.`}</p>}

        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            control={control}
            name="start"
            label={t`Date de prise en charge`}
            rule={startRule}
            error={text('start')}
            {...side.dateField('start')}
            onChange={(d, set) => {
              set(d);
              onStartChange(d);
              // Spec 1 §4: after a start date, focus goes to the end date.
              if (isDate(d)) setFocusNext({ field: 'end' });
            }}
          />
          <DateField control={control} name="end" label={t`Date de restitution`} rule={endRule} error={text('end')} {...side.dateField('end')} />
        </div>

        <Controller
          control={control}
          name="types"
          render={({ field }) => <VehicleTypesField value={field.value} onChange={field.onChange} onFocus={() => show('types')} />}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <ControlledPanelField
            control={control}
            name="driver"
            label={t`Conducteur`}
            icon={<UserRound aria-hidden="true" size={20} className="text-gray-600" />}
            value={driverLabel(driver)}
            error={text('driver')}
            {...side.panelField('driver')}
          />
          <EntityField control={control} name="entity" entities={entities} error={text('entity')} onFocus={() => show('entity')} />
        </div>

        <SearchSubmit />
      </SearchFormFrame>
    </div>
  );
});
