import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import type { User } from '../../../contract/account';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/Field';
import { EntitySelect, SearchPanel } from '../../components/SearchFormParts';
import { PlacePicker } from '../../components/PlacePicker';
import { SearchSteps } from '../../components/SearchSteps';
import { DateCalendar, DateInput, type DateRule } from '../../components/date-picker/DatePicker';
import { addHours, defaultStart, formatTypedDate, lastBookableDate } from '../../components/date-picker/dates';
import { usePassengerLabel } from '../../components/passengers/labels';
import { PassengersPanel } from '../../components/passengers/lazy';
import { useListField } from '../../lib/list-field';
import { useUser } from '../../lib/me';
import type { BookingFor } from '../../lib/acting';
import { useBookingFor } from '../../lib/acting';
import type { Passenger } from '../../lib/passengers';
import { firstPassengers, passengersFor, searchFormKey } from '../../lib/passengers';
import { placeNameOf, rememberPlaceName } from '../../lib/place-names';
import { passengerNameOf, rememberPassengerName } from '../../lib/passenger-names';
import type { ExpertMessageKey, ExpertValues, JourneyValues } from './rules';
import { EXPERT_MESSAGES, expertProblems, toUrl } from './rules';
import { MAX_JOURNEYS, type ExpertUrl } from './url';

type Panel = { kind: 'date'; index: number; focus?: object } | { kind: 'pax' } | null;

export type ExpertSearchFormProps = {
  /** A search to edit (the URL Back returns to); else the defaults. */
  initial?: ExpertUrl;
  /** The clock (tests). */
  now?: () => Date;
};

const systemNow = () => new Date();

/** The expert search form (spec 1 §2 "Expert search", §5 "Expert"): up to 3 flight journeys, passengers, entity; its output is the /search-expert URL. */
export function ExpertSearchForm(props: ExpertSearchFormProps) {
  const user = useUser();
  // Agency staff book for the company and traveller they chose: another choice starts the form again.
  const booking = useBookingFor(user);
  return <ExpertForm key={searchFormKey(user, booking)} user={user} booking={booking} {...props} />;
}

/** The company booked for searches for one passenger only (config.travelAgency.hasMultipaxSearchDisabled). */
const singlePassenger = (booking: BookingFor) => !!booking.company?.hasMultipaxSearchDisabled;

function valuesOf(url: ExpertUrl | undefined, user: User | null, booking: BookingFor, now: Date): ExpertValues {
  const entity = url?.entity ?? (booking.entities.length === 1 ? booking.entities[0]!.uid : '');
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

function ExpertForm({ user, booking, initial, now = systemNow }: ExpertSearchFormProps & { user: User | null; booking: BookingFor }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const entities = booking.entities;
  const single = singlePassenger(booking);
  const panelId = useId();
  const paxId = useId();
  const nowRef = useRef(now);
  nowRef.current = now;

  const resolver: Resolver<ExpertValues> = async (values) => {
    const problems = expertProblems(values, { now: nowRef.current(), hasEntities: entities.length > 0 });
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, key] of Object.entries(problems)) setPath(errors, path, { type: 'validate', message: key });
    return { values: {}, errors: errors as FieldErrors<ExpertValues> };
  };
  const [defaults] = useState(() => valuesOf(initial, user, booking, now()));
  const form = useForm<ExpertValues>({ defaultValues: defaults, resolver });
  const { control, handleSubmit, watch, getValues, formState, clearErrors, setError } = form;
  const journeys = useListField(form, 'journeys');
  const values = watch();
  const paxLabel = usePassengerLabel(user);
  const lastBookable = lastBookableDate(now());
  const problemOf = (path: string): string | undefined => {
    const key = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], formState.errors) as { message?: string } | undefined;
    const message = key?.message as ExpertMessageKey | undefined;
    if (!message || !(message in EXPERT_MESSAGES)) return undefined;
    const descriptor = { ...EXPERT_MESSAGES[message], values: { last: formatTypedDate(lastBookable) } };
    return i18n._(descriptor);
  };

  const [panel, setPanel] = useState<Panel>(null);
  const startRule: DateRule = { kind: 'start', now };

  const onSubmit = handleSubmit((v) => {
    for (const j of v.journeys) for (const p of [j.from, j.to]) if (p) rememberPlaceName(p.ID, p.name);
    for (const p of v.pax) if (p.name) rememberPassengerName(p.ref, p.name);
    const url = { ...toUrl(v, initial?.travelID), ...(booking.customerId ? { customer: booking.customerId } : {}) };
    // Back from the results returns to this form, filled with the search.
    void navigate({ to: '/search-expert', search: { ...url, edit: true }, replace: true }).then(() => navigate({ to: '/search-expert', search: url }));
  });

  const addJourney = () => {
    const last = getValues(`journeys.${journeys.fields.length - 1}`);
    // The next journey leaves from where the last one arrives, a day later.
    journeys.append({ from: last?.to ?? null, to: null, date: last?.date ? addHours(last.date, 24) : defaultStart(now()), mode: 'departure' });
  };

  let panelContent: ReactNode = <SearchSteps />;
  if (panel?.kind === 'date' && panel.index < journeys.fields.length) {
    const { index } = panel;
    const previous = index > 0 ? values.journeys[index - 1]?.date : null;
    panelContent = (
      <Controller
        control={control}
        name={`journeys.${index}.date`}
        render={({ field }) => (
          <DateCalendar
            key={`${journeys.fields[index]!.id}`}
            label={t`Date du trajet ${index + 1}`}
            value={field.value}
            onChange={field.onChange}
            rule={startRule}
            // Spec 1 §5: a journey cannot leave before the previous one.
            min={previous ?? undefined}
            max={lastBookable}
            takeFocus={panel.focus}
            onConfirm={() => setPanel(null)}
          />
        )}
      />
    );
  } else if (panel?.kind === 'pax') {
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
                // One passenger only for this company: the panel itself refuses a second.
                field.onChange(next);
              }}
              onTooMany={() => setError('pax', { type: 'validate', message: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' })}
            />
          )}
        />
        <FieldError id={`${paxId}-panel-error`}>{problemOf('pax')}</FieldError>
        <Button variant="secondary" className="w-full" onClick={() => setPanel(null)}>
          {t`Valider`}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6 min-[760px]:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        noValidate
        aria-label={t`Recherche experte`}
        onSubmit={onSubmit}
        className={`space-y-5 rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-sm ${panel ? 'max-[759px]:hidden' : ''}`}
      >
        <ol className="space-y-4">
          {journeys.fields.map((item, index) => (
            <li key={item.id}>
              <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4">
                <legend className="px-1 font-semibold text-gray-900">{t`Trajet ${index + 1}`}</legend>
                <div className="grid items-start gap-3 sm:grid-cols-2">
                  <Controller
                    control={control}
                    name={`journeys.${index}.from`}
                    render={({ field }) => (
                      <PlacePicker
                        label={t({ message: 'Départ', context: 'place the trip leaves from' })}
                        placeholder={t`Aéroport, ville`}
                        value={field.value}
                        exclude={values.journeys[index]?.to}
                        inputRef={field.ref}
                        error={problemOf(`journeys.${index}.from`)}
                        onFocus={() => setPanel(null)}
                        onChange={field.onChange}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`journeys.${index}.to`}
                    render={({ field }) => (
                      <PlacePicker
                        label={t`Destination`}
                        placeholder={t`Aéroport, ville`}
                        value={field.value}
                        exclude={values.journeys[index]?.from}
                        inputRef={field.ref}
                        error={problemOf(`journeys.${index}.to`)}
                        onFocus={() => setPanel(null)}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
                <Controller
                  control={control}
                  name={`journeys.${index}.mode`}
                  render={({ field }) => (
                    <fieldset>
                      <legend className="sr-only">{t`Horaire du trajet ${index + 1}`}</legend>
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
                <Controller
                  control={control}
                  name={`journeys.${index}.date`}
                  render={({ field }) => (
                    <DateInput
                      label={t`Date du trajet ${index + 1}`}
                      value={field.value}
                      rule={startRule}
                      inputRef={field.ref}
                      controls={panelId}
                      error={problemOf(`journeys.${index}.date`)}
                      onOpenCalendar={() => setPanel({ kind: 'date', index, focus: {} })}
                      calendarOpen={panel?.kind === 'date' && panel.index === index}
                      onChange={field.onChange}
                    />
                  )}
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

        <div>
          <p id={`${paxId}-label`} className="mb-1 font-medium text-gray-900">
            {t`Passagers`}
          </p>
          <button
            type="button"
            aria-labelledby={`${paxId}-label ${paxId}-value`}
            aria-describedby={problemOf('pax') ? `${paxId}-error` : undefined}
            aria-controls={panelId}
            aria-expanded={panel?.kind === 'pax'}
            onClick={() => setPanel({ kind: 'pax' })}
            className={`flex min-h-11 w-full items-center gap-2 rounded-lg border bg-white px-3 text-left ${problemOf('pax') ? 'border-red-700' : 'border-gray-400'}`}
          >
            <Users aria-hidden="true" size={20} className="text-gray-600" />
            <span id={`${paxId}-value`}>{values.pax.length === 0 ? t`Aucun passager` : values.pax.length === 1 ? paxLabel(values.pax[0]!) : t`${values.pax.length} passagers`}</span>
          </button>
          <FieldError id={`${paxId}-error`}>{problemOf('pax')}</FieldError>
          {single && <p className="mt-1 text-sm text-gray-700">{t`Votre entreprise limite la recherche à un seul passager.`}</p>}
        </div>

        {entities.length > 0 && (
          <Controller
            control={control}
            name="entity"
            render={({ field }) => (
              <EntitySelect entities={entities} error={problemOf('entity')} {...field} />
            )}
          />
        )}

        <Button type="submit" className="w-full sm:w-auto">
          <Search aria-hidden="true" size={20} />
          {t`Rechercher les vols`}
        </Button>
      </form>
      <SearchPanel
        id={panelId}
        open={Boolean(panel)}
        onEscape={() => {
          if (!panel) return false;
          setPanel(null);
          return true;
        }}
      >
        {panelContent}
      </SearchPanel>
    </div>
  );
}

/** Sets `value` at a dotted path (`journeys.1.date`) of a nested errors object, arrays by index. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  parts.slice(0, -1).forEach((part, i) => {
    node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  node[parts[parts.length - 1]!] = value;
}

