import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import type { User } from '@contract/account';
import type { DateRule } from '@web/components/date-picker/DateInput';
import { addHours, defaultStart } from '@web/components/date-picker/dates';
import { usePassengerLabel } from '@web/components/passengers/labels';
import {
  CalendarPanel,
  DateField,
  EntityField,
  PanelField,
  PassengersChoice,
  PlaceField,
  TimeModeField,
  usePassengersText,
} from '@web/components/search-form/fields';
import type { SearchFormStart } from '@web/components/search-form/frame';
import {
  SearchFormFrame,
  SearchSubmit,
  firstEntity,
  forCustomer,
  rememberSearchNames,
  systemNow,
  withSearchFormStart,
} from '@web/components/search-form/frame';
import { useSearchForm } from '@web/components/search-form/use-search-form';
import { useListField } from '@web/lib/list-field';
import type { BookingFor } from '@web/lib/acting';
import type { Passenger } from '@web/lib/passengers';
import { firstPassengers, passengersFor } from '@web/lib/passengers';
import { placeNameOf } from '@web/lib/place-names';
import { passengerNameOf } from '@web/lib/passenger-names';
import type { ExpertValues, JourneyValues } from './rules';
import { EXPERT_MESSAGES, expertResolver, toUrl } from './rules';
import { MAX_JOURNEYS, type ExpertUrl } from './url';

type Panel = { kind: 'date'; index: number; focus?: object } | { kind: 'pax' } | null;

export type ExpertSearchFormProps = {
  /** A search to edit (the URL Back returns to); else the defaults. */
  initial?: ExpertUrl;
  /** The clock (tests). */
  now?: () => Date;
};

/** The company booked for searches for one passenger only (config.travelAgency.hasMultipaxSearchDisabled). */
const singlePassenger = (booking: BookingFor) => !!booking.company?.hasMultipaxSearchDisabled;

function valuesOf(url: ExpertUrl | undefined, user: User | null, booking: BookingFor, now: Date): ExpertValues {
  const entity = url?.entity ?? firstEntity(booking);
  if (!url) return { journeys: [{ from: null, to: null, date: defaultStart(now), mode: 'departure' }], pax: firstPassengers(user, booking), entity };
  const me: Passenger = { ref: 'me', name: null, hasBirthdate: !!user?.birthdate };
  // A place of the address is shown by the name the form remembered; one it does not know is chosen again.
  const place = (id: string) => {
    const name = placeNameOf(id);
    return name ? ({ ID: id, name } as JourneyValues['from']) : null;
  };
  const pax = passengersFor(
    url.pax.map((ref) => (ref === 'me' ? me : { ref, name: passengerNameOf(ref), hasBirthdate: false })),
    user,
    booking,
  );
  return {
    journeys: url.journeys.map((j) => ({ from: place(j.from), to: place(j.to), date: new Date(j.date), mode: j.mode })),
    pax: singlePassenger(booking) ? pax.slice(0, 1) : pax,
    entity,
  };
}

/** The expert search form (spec 1 §2 "Expert search", §5 "Expert"): up to 3 flight journeys, passengers, entity; its output is the /search-expert URL. */
export const ExpertSearchForm = withSearchFormStart(function ExpertForm({ user, booking, initial, now = systemNow }: ExpertSearchFormProps & SearchFormStart) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const entities = booking.entities;
  const single = singlePassenger(booking);
  const panelId = useId();
  const { form, message, lastBookable } = useSearchForm<ExpertValues, ExpertValues>({
    defaults: () => valuesOf(initial, user, booking, now()),
    now,
    rules: (at) => expertResolver(at, entities.length > 0),
    messages: EXPERT_MESSAGES,
  });
  const { control, handleSubmit, watch, getValues } = form;
  const journeys = useListField(form, 'journeys');
  const values = watch();
  const paxText = usePassengersText(usePassengerLabel(user));

  const [panel, setPanel] = useState<Panel>(null);
  const startRule: DateRule = { kind: 'start', now };

  const onSubmit = handleSubmit((v) => {
    rememberSearchNames(
      v.journeys.flatMap((j) => [j.from, j.to]),
      v.pax,
    );
    const url = forCustomer(toUrl(v, initial?.travelID), booking);
    // Back from the results returns to this form, filled with the search.
    void navigate({ to: '/search-expert', search: { ...url, edit: true }, replace: true }).then(() => navigate({ to: '/search-expert', search: url }));
  });

  const addJourney = () => {
    const last = getValues(`journeys.${journeys.fields.length - 1}`);
    // The next journey leaves from where the last one arrives, a day later.
    journeys.append({ from: last?.to ?? null, to: null, date: last?.date ? addHours(last.date, 24) : defaultStart(now()), mode: 'departure' });
  };

  let panelContent: ReactNode;
  if (panel?.kind === 'date' && panel.index < journeys.fields.length) {
    const { index } = panel;
    const previous = index > 0 ? values.journeys[index - 1]?.date : null;
    panelContent = (
      <CalendarPanel
        control={control}
        name={`journeys.${index}.date`}
        label={t`Date du trajet ${index + 1}`}
        rule={startRule}
        // Spec 1 §5: a journey cannot leave before the previous one.
        min={previous ?? undefined}
        max={lastBookable}
        takeFocus={panel.focus}
        onConfirm={() => setPanel(null)}
      />
    );
  } else if (panel?.kind === 'pax') {
    panelContent = (
      // One passenger only for this company: the panel itself refuses a second.
      <PassengersChoice form={form} name="pax" message={message} user={user} allErrors onConfirm={() => setPanel(null)} />
    );
  }

  return (
    <SearchFormFrame
      label={t`Recherche experte`}
      onSubmit={onSubmit}
      hidden={Boolean(panel)}
      panel={{
        id: panelId,
        open: Boolean(panel),
        onEscape: () => {
          if (!panel) return false;
          setPanel(null);
          return true;
        },
        content: panelContent,
      }}
    >
      <ol className="space-y-4">
        {journeys.fields.map((item, index) => (
          <li key={item.id}>
            <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4">
              <legend className="px-1 font-semibold text-gray-900">{t`Trajet ${index + 1}`}</legend>
              <div className="grid items-start gap-3 sm:grid-cols-2">
                <PlaceField
                  control={control}
                  name={`journeys.${index}.from`}
                  label={t({ message: 'Départ', context: 'place the trip leaves from' })}
                  placeholder={t`Aéroport, ville`}
                  exclude={values.journeys[index]?.to}
                  error={message(`journeys.${index}.from`)}
                  onFocus={() => setPanel(null)}
                />
                <PlaceField
                  control={control}
                  name={`journeys.${index}.to`}
                  label={t`Destination`}
                  placeholder={t`Aéroport, ville`}
                  exclude={values.journeys[index]?.from}
                  error={message(`journeys.${index}.to`)}
                  onFocus={() => setPanel(null)}
                />
              </div>
              <TimeModeField control={control} name={`journeys.${index}.mode`} legend={t`Horaire du trajet ${index + 1}`} />
              <DateField
                control={control}
                name={`journeys.${index}.date`}
                label={t`Date du trajet ${index + 1}`}
                rule={startRule}
                controls={panelId}
                error={message(`journeys.${index}.date`)}
                onOpenCalendar={() => setPanel({ kind: 'date', index, focus: {} })}
                calendarOpen={panel?.kind === 'date' && panel.index === index}
              />
              {journeys.fields.length > 1 && (
                <button
                  type="button"
                  onClick={() => {
                    setPanel(null);
                    journeys.remove(index);
                  }}
                  className="inline-flex min-h-11 items-center gap-2 font-medium text-red-800 underline underline-offset-2"
                >
                  <Trash2 aria-hidden="true" size={18} />
                  {t`Supprimer le trajet ${index + 1}`}
                </button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {/* Spec 1 §4: a journey may be added while at most 2 exist. */}
      {journeys.fields.length < MAX_JOURNEYS && (
        <button
          type="button"
          onClick={addJourney}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-dashed border-gray-400 px-4 font-medium text-gray-900 hover:bg-gray-50"
        >
          <Plus aria-hidden="true" size={18} />
          {t`Ajouter un trajet`}
        </button>
      )}

      <PanelField
        label={t`Passagers`}
        icon={<Users aria-hidden="true" size={20} className="text-gray-600" />}
        value={paxText(values.pax)}
        error={message('pax')}
        panelId={panelId}
        expanded={panel?.kind === 'pax'}
        onOpen={() => setPanel({ kind: 'pax' })}
      >
        {single && <p className="mt-1 text-sm text-gray-700">{t`Votre entreprise limite la recherche à un seul passager.`}</p>}
      </PanelField>

      <EntityField control={control} name="entity" entities={entities} error={message('entity')} />

      <SearchSubmit>{t`Rechercher les vols`}</SearchSubmit>
    </SearchFormFrame>
  );
});
