import { useLingui } from '@lingui/react/macro';
import BedDouble from 'lucide-react/icons/bed-double';
import { useNavigate } from '@tanstack/react-router';
import { usePlaceNamed } from '@web/components/use-place-named';
import type { DateRule } from '@web/components/date-picker/DateInput';
import { addHours, isDate, startOfDay } from '@web/components/date-picker/dates';
import { usePassengerLabel } from '@web/components/passengers/labels';
import { loadPassengersPanel } from '@web/components/passengers/lazy';
import { CalendarPanel, ControlledPanelField, DateField, EntityField, PassengersChoice, PlaceField } from '@web/components/search-form/fields';
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
import { passengersFor } from '@web/lib/passengers';
import { lastHotelSearch, rememberHotelSearch } from '../last-search';
import type { HotelSearchUrl } from '../url';
import { atNoon, hotelDefaults, nextDay, prefilledStay } from './defaults';
import { RadiusSlider, RoomsCounter, StayFilters } from './StayFields';
import type { HotelField, HotelValues } from './validation';
import { HOTEL_MESSAGES } from './validation';

const loadRules = () => import('./rules');

type Panel = 'place' | 'checkIn' | 'checkOut' | 'pax' | 'filters' | 'entity';
/** Panels that take the focus themselves when opened from their field's button (the calendar does on its own). */
const FOCUS_ASIDE = ['pax'] as const;

export type HotelSearchFormProps = SearchFormProps & {
  /** Values to start from (a search to modify); the rest are the defaults. */
  initial?: Partial<HotelValues>;
  /** The cart's shortcut: a stay around its trip. */
  prefill?: SearchPrefill;
};

/** The hotel search form (spec 1 §2 "Hotel search form", §4, §5 "Hotel"); its output is the /search-hotels URL. */
export const HotelSearchForm = withSearchFormStart(function HotelForm({
  user,
  booking,
  formKey,
  travelID,
  onCancelTravel,
  now = systemNow,
  initial,
  prefill,
}: HotelSearchFormProps & SearchFormStart) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const entities = booking.entities;

  const { form, message, preload, lastBookable } = useSearchForm<HotelValues, HotelSearchUrl>({
    // A search to modify, the cart's shortcut, else the last one (back from results that found nothing), else the defaults.
    defaults: () => ({
      ...hotelDefaults(user, booking),
      ...(initial ?? (prefill ? prefilledStay(prefill) : lastHotelSearch(formKey))),
      ...(initial?.pax ? { pax: passengersFor(initial.pax, user, booking) } : {}),
    }),
    now,
    rules: async (at) => (await loadRules()).hotelResolver({ now: at, hasEntities: entities.length > 0, travelID }),
    messages: HOTEL_MESSAGES,
    preload: { loaders: [loadPassengersPanel, loadRules], route: '/search-hotels' },
  });
  const { control, handleSubmit, watch, getValues, setValue, setFocus, clearErrors } = form;
  const text = (field: HotelField) => message(field);

  // The shortcut names the place: the first place of that name is the stay's.
  usePlaceNamed(prefill?.place, (found) => !getValues('place') && setValue('place', found), !initial);

  const side = useFormPanel<Panel, HotelField>(setFocus, FOCUS_ASIDE);
  const { show, setFocusNext } = side;

  const [checkIn, pax, rooms, radius] = watch(['checkIn', 'pax', 'rooms', 'radius']);
  const paxLabel = usePassengerLabel(user);
  const startRule: DateRule = { kind: 'start', now };
  const endRule: DateRule = { kind: 'end', now, start: checkIn };

  /** Spec 1 §5: a check-out not after the new check-in is reset to the check-in. */
  const onCheckInChange = (d: Date | null) => {
    const out = getValues('checkOut');
    if (isDate(d) && isDate(out) && startOfDay(out).getTime() <= startOfDay(d).getTime()) setValue('checkOut', d);
  };

  const onSubmit = handleSubmit((search) => {
    rememberHotelSearch(getValues(), formKey);
    rememberSearchNames([getValues('place')], getValues('pax'));
    void navigate({ to: '/search-hotels', search: forCustomer(search, booking) });
  });

  const roomsText = rooms === 1 ? t`1 chambre` : t`${rooms} chambres`;
  const paxText = pax.length === 0 ? t`Aucun voyageur` : pax.length === 1 ? paxLabel(pax[0]!) : t`${pax.length} voyageurs`;

  const calendar = (name: 'checkIn' | 'checkOut') => {
    const isOut = name === 'checkOut';
    return (
      <CalendarPanel
        control={control}
        name={name}
        label={isOut ? t({ message: 'Date de départ', context: 'hotel check-out' }) : t({ message: 'Date d’arrivée', context: 'hotel check-in' })}
        dateOnly
        onChange={(d, set) => {
          set(atNoon(d));
          if (!isOut) {
            onCheckInChange(atNoon(d));
            // Spec 1 §4: after the start date, the end date.
            side.enterPanel('checkOut');
          }
        }}
        rule={isOut ? endRule : startRule}
        min={isOut && isDate(checkIn) ? nextDay(checkIn) : undefined}
        max={isOut ? addHours(lastBookable, 24) : lastBookable}
        {...side.calendar(name)}
      />
    );
  };
  const panels = {
    checkIn: calendar('checkIn'),
    checkOut: calendar('checkOut'),
    pax: (
      <PassengersChoice
        form={form}
        name="pax"
        message={message}
        user={user}
        className="space-y-5"
        onChange={(next) => {
          clearErrors('rooms');
          // Every room needs a traveller: fewer travellers, fewer rooms.
          if (next.length > 0 && getValues('rooms') > next.length) setValue('rooms', next.length);
        }}
        onConfirm={() => side.confirmPanel('pax')}
      >
        <RoomsCounter
          rooms={rooms}
          travellers={pax.length}
          text={roomsText}
          onChange={(next) => {
            if (next > rooms) clearErrors('rooms');
            setValue('rooms', next);
          }}
        />
      </PassengersChoice>
    ),
    place: (
      <PanelHelp title={t`Où dormez-vous ?`}>
        {t`Saisissez une ville, une gare ou un aéroport, puis choisissez-le dans la liste. Le rayon dit jusqu’où chercher autour.`}
      </PanelHelp>
    ),
    filters: (
      <PanelHelp title={t`Filtres`}>
        {t`Ne cherchez que les hôtels d’un nom, d’un nombre d’étoiles minimum ou qui proposent ces repas. Vous pourrez affiner encore sur les résultats.`}
      </PanelHelp>
    ),
    entity: <PanelHelp title={t`Entité`}>{t`L’entité de votre entreprise à laquelle ce séjour est rattaché et facturé.`}</PanelHelp>,
  };

  return (
    <div className="space-y-4">
      {!!travelID && !user?.perms.includes('assistance_agent') && !user?.features.hideExistingTravelMessage && (
        <TravelBanner onCancel={onCancelTravel}>{t`Ce séjour sera ajouté à votre voyage en cours.`}</TravelBanner>
      )}
      <SearchFormFrame label={t`Recherche d’hôtel`} onSubmit={onSubmit} onFocus={preload} {...side.frame(['checkIn', 'checkOut', 'pax'], panels)}>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <PlaceField
            control={control}
            name="place"
            label={t`Lieu du séjour`}
            placeholder={t`Ville, gare, aéroport`}
            error={text('place')}
            onFocus={() => show('place')}
            // Spec 1 §4: the place, then the check-in.
            onChange={(p) => p && setFocusNext({ field: 'checkIn' })}
          />
          <RadiusSlider radius={radius} onChange={(r) => setValue('radius', r)} onFocus={() => show('place')} />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            control={control}
            name="checkIn"
            label={t({ message: 'Date d’arrivée', context: 'hotel check-in' })}
            rule={startRule}
            dateOnly
            error={text('checkIn')}
            {...side.dateField('checkIn')}
            onChange={(d, set) => {
              const value = atNoon(d);
              set(value);
              onCheckInChange(value);
              // Spec 1 §4: a whole check-in typed, the check-out next.
              if (isDate(value)) setFocusNext({ field: 'checkOut' });
            }}
          />
          <DateField
            control={control}
            name="checkOut"
            label={t({ message: 'Date de départ', context: 'hotel check-out' })}
            rule={endRule}
            dateOnly
            error={text('checkOut')}
            {...side.dateField('checkOut')}
            onChange={(d, set) => set(atNoon(d))}
          />
        </div>

        <ControlledPanelField
          control={control}
          name="pax"
          label={t`Voyageurs et chambres`}
          icon={<BedDouble aria-hidden="true" size={20} className="text-gray-600" />}
          value={`${paxText} · ${roomsText}`}
          error={text('pax') ?? text('rooms')}
          {...side.panelField('pax')}
        />

        <StayFilters form={form} onFocus={() => show('filters')} />

        <EntityField control={control} name="entity" entities={entities} error={text('entity')} onFocus={() => show('entity')} />

        <SearchSubmit />
      </SearchFormFrame>
    </div>
  );
});
