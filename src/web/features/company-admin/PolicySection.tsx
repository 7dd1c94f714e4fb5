import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import type { CompanyAdmin, TravelPolicyView, UpdateTravelPolicyBody } from '@contract/company-admin';
import { CAR_TYPES, FLIGHT_CABINS, updateTravelPolicyBodySchema } from '@contract/company-admin';
import { Button } from '@web/components/Button';
import { CheckboxField, FieldError, FormAlert, TextAreaField, TextField, useFieldText } from '@web/components/Field';
import { useCarCategoryLabel } from '@web/components/labels/car-categories';
import { useCabinLabel } from '@web/lib/cabin';
import { contractResolver } from '@web/lib/form';
import { useListField } from '@web/lib/list-field';
import { toast } from '@web/lib/toast';
import { useDebounced } from '@web/lib/use-debounced';
import { cityQuery, companyMutations } from './api';
import { firstMessage, showRefusal, toCents, toEuros, toInt } from './form-helpers';
import { Panel } from '@web/components/Panel';

type City = { id: string; name: string };
type PolicyForm = {
  enabled: boolean;
  policy: {
    rail: { firstClass: 'never' | 'from'; firstClassFromMinutes: string; maxPriceByDistance: { upToKm: string; maxPrice: string }[] };
    flight: { onlyAboveRailMinutes: string; cabins: string[] };
    hotel: { maxNightly: string; classes: { maxNightly: string; cities: City[] }[] };
    carEnabled: boolean;
    car: { categories: string[]; maxDaily: string };
  };
  text: string;
};

/** The form for a company with no policy yet: figures to start from, off until ticked. */
const STARTER: PolicyForm['policy'] = {
  rail: { firstClass: 'never', firstClassFromMinutes: '240', maxPriceByDistance: [{ upToKm: '', maxPrice: '200' }] },
  flight: { onlyAboveRailMinutes: '240', cabins: ['economy'] },
  hotel: { maxNightly: '100', classes: [] },
  carEnabled: false,
  car: { categories: [], maxDaily: '' },
};

function toForm(view: TravelPolicyView): PolicyForm {
  const p = view.policy;
  return {
    enabled: p !== null,
    policy: p
      ? {
          rail: {
            firstClass: p.rail.firstClassFromMinutes === null ? 'never' : 'from',
            firstClassFromMinutes: String(p.rail.firstClassFromMinutes ?? 240),
            maxPriceByDistance: p.rail.maxPriceByDistance.map((b) => ({ upToKm: b.upToKm === null ? '' : String(b.upToKm), maxPrice: toEuros(b.maxPrice) })),
          },
          flight: { onlyAboveRailMinutes: String(p.flight.onlyAboveRailMinutes), cabins: [...p.flight.cabins] },
          hotel: { maxNightly: toEuros(p.hotel.maxNightly), classes: p.hotel.classes.map((c) => ({ maxNightly: toEuros(c.maxNightly), cities: c.cities })) },
          carEnabled: p.car !== null,
          car: { categories: [...(p.car?.categories ?? [])], maxDaily: p.car?.maxDaily ? toEuros(p.car.maxDaily) : '' },
        }
      : STARTER,
    text: view.text ?? '',
  };
}

const toBody = (v: PolicyForm) => {
  const p = v.policy;
  return {
    policy: v.enabled
      ? {
          rail: {
            firstClassFromMinutes: p.rail.firstClass === 'never' ? null : toInt(p.rail.firstClassFromMinutes),
            maxPriceByDistance: p.rail.maxPriceByDistance.map((b) => ({ upToKm: b.upToKm.trim() ? toInt(b.upToKm) : null, maxPrice: toCents(b.maxPrice) })),
          },
          flight: { onlyAboveRailMinutes: toInt(p.flight.onlyAboveRailMinutes), cabins: p.flight.cabins },
          hotel: {
            maxNightly: toCents(p.hotel.maxNightly),
            classes: p.hotel.classes.map((c) => ({ maxNightly: toCents(c.maxNightly), cities: c.cities.map((city) => city.id) })),
          },
          car: p.carEnabled ? { categories: p.car.categories, maxDaily: p.car.maxDaily.trim() ? toCents(p.car.maxDaily) : null } : null,
        }
      : null,
    text: v.text,
  };
};

const resolver = contractResolver(() => updateTravelPolicyBodySchema, toBody);
type Form = UseFormReturn<PolicyForm, unknown, UpdateTravelPolicyBody>;

/**
 * The travel policy (updateTravelPolicy): rail class and price caps by distance, when flying is
 * allowed and in which cabins, hotel caps per night by city class, the car rule, and the text
 * travellers read. The next search tags offers by it.
 */
export function PolicySection({ company }: { company: CompanyAdmin }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const saving = useMutation(companyMutations.updateTravelPolicy());
  const form: Form = useForm<PolicyForm, unknown, UpdateTravelPolicyBody>({ resolver, values: toForm(company.travelPolicy) });
  const { register, handleSubmit, setError, watch, formState } = form;
  const enabled = watch('enabled');

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await saving.mutateAsync({ link: company.links.updateTravelPolicy!, input });
      toast.success(t`Politique de voyage enregistrée : elle s’applique dès la prochaine recherche`);
    } catch (error) {
      setAlert(showRefusal(error, setError));
    }
  });

  return (
    <Panel
      id="policy-title"
      title={<Trans>Politique de voyage</Trans>}
      intro={<Trans>Ce qui rend une offre conforme. Les montants sont en euros, par voyageur ; les durées en minutes.</Trans>}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="policy-title" className="flex flex-col gap-6">
        <FormAlert>{alert}</FormAlert>
        <CheckboxField label={t`Appliquer une politique de voyage (sinon, toute offre est conforme)`} {...register('enabled')} />
        {enabled && (
          <>
            <RailRules form={form} />
            <FlightRules form={form} />
            <HotelRules form={form} />
            <CarRules form={form} />
          </>
        )}
        <TextAreaField
          rows={4}
          label={t`La politique telle que la lisent les voyageurs (facultatif)`}
          hint={t`Affichée au moment de réserver.`}
          {...register('text')}
          error={formState.errors.text?.message}
        />
        <Button type="submit" className="self-end" busy={saving.isPending}>
          <Trans>Enregistrer la politique</Trans>
        </Button>
      </form>
    </Panel>
  );
}

function RailRules({ form }: { form: Form }) {
  const { t } = useLingui();
  const { register, watch, formState } = form;
  const errors = formState.errors.policy?.rail;
  const bands = useListField(form, 'policy.rail.maxPriceByDistance');
  const firstClass = watch('policy.rail.firstClass');
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">
        <Trans>Train</Trans>
      </legend>
      <fieldset>
        <legend className="mb-1 font-medium text-gray-900">
          <Trans>1re classe</Trans>
        </legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="never" className="size-5 accent-[var(--brand)]" {...register('policy.rail.firstClass')} />
          <Trans>Jamais</Trans>
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="from" className="size-5 accent-[var(--brand)]" {...register('policy.rail.firstClass')} />
          <Trans>Pour les trajets longs</Trans>
        </label>
      </fieldset>
      {firstClass === 'from' && (
        <TextField
          className="sm:w-72"
          label={t`Durée de trajet minimale (minutes)`}
          hint={t`240 minutes = 4 h`}
          inputMode="numeric"
          {...register('policy.rail.firstClassFromMinutes')}
          error={errors?.firstClassFromMinutes?.message}
        />
      )}
      <div className="flex flex-col gap-3">
        <p className="font-medium text-gray-900">
          <Trans>Prix maximal par voyageur selon la distance</Trans>
        </p>
        {bands.fields.length === 0 && (
          <p className="text-gray-700">
            <Trans>Aucun plafond de prix.</Trans>
          </p>
        )}
        <ul className="flex flex-col gap-3">
          {bands.fields.map((band, index) => (
            <li key={band.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <TextField
                label={t`Jusqu’à (km), tranche ${index + 1}`}
                hint={t`Vide : au-delà des autres tranches`}
                inputMode="numeric"
                {...register(`policy.rail.maxPriceByDistance.${index}.upToKm`)}
                error={errors?.maxPriceByDistance?.[index]?.upToKm?.message}
              />
              <TextField
                label={t`Prix maximal (€), tranche ${index + 1}`}
                inputMode="decimal"
                {...register(`policy.rail.maxPriceByDistance.${index}.maxPrice`)}
                error={errors?.maxPriceByDistance?.[index]?.maxPrice?.message}
              />
              <Button variant="ghost" aria-label={t`Supprimer la tranche ${index + 1}`} onClick={() => bands.remove(index)}>
                <Trash2 aria-hidden="true" size={18} />
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" className="self-start" onClick={() => bands.append({ upToKm: '', maxPrice: '' }, 'upToKm')}>
          <Plus aria-hidden="true" size={18} />
          <Trans>Ajouter une tranche</Trans>
        </Button>
      </div>
    </fieldset>
  );
}

function FlightRules({ form }: { form: Form }) {
  const { t } = useLingui();
  const cabinLabel = useCabinLabel();
  const fieldText = useFieldText();
  const cabinsErrorId = useId();
  const { register, formState } = form;
  const errors = formState.errors.policy?.flight;
  const cabinsError = fieldText(firstMessage(errors?.cabins));
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">
        <Trans>Avion</Trans>
      </legend>
      <TextField
        className="sm:w-72"
        label={t`Seulement si le train dure plus de (minutes)`}
        hint={t`0 : l’avion est toujours permis`}
        inputMode="numeric"
        {...register('policy.flight.onlyAboveRailMinutes')}
        error={errors?.onlyAboveRailMinutes?.message}
      />
      <fieldset aria-describedby={cabinsError ? cabinsErrorId : undefined}>
        <legend className="mb-1 font-medium text-gray-900">
          <Trans>Cabines permises</Trans>
        </legend>
        <div className="flex flex-wrap gap-x-6">
          {FLIGHT_CABINS.map((cabin) => (
            <label key={cabin} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" value={cabin} className="size-5 accent-[var(--brand)]" {...register('policy.flight.cabins')} />
              {cabinLabel(cabin)}
            </label>
          ))}
        </div>
        <FieldError id={cabinsErrorId}>{cabinsError}</FieldError>
      </fieldset>
    </fieldset>
  );
}

function HotelRules({ form }: { form: Form }) {
  const { t } = useLingui();
  const { register, formState } = form;
  const errors = formState.errors.policy?.hotel;
  const classes = useListField(form, 'policy.hotel.classes');
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">
        <Trans>Hôtel</Trans>
      </legend>
      <TextField
        className="sm:w-72"
        label={t`Prix maximal par nuit, partout ailleurs (€)`}
        inputMode="decimal"
        {...register('policy.hotel.maxNightly')}
        error={errors?.maxNightly?.message}
      />
      <p className="text-gray-700">
        <Trans>Des plafonds différents pour des groupes de villes (par exemple Paris, puis les grandes villes) :</Trans>
      </p>
      <ul className="flex flex-col gap-4">
        {classes.fields.map((group, index) => (
          <li key={group.id} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
            <h3 className="font-semibold text-gray-900">{t`Groupe de villes ${index + 1}`}</h3>
            <TextField
              className="sm:w-72"
              label={t`Prix maximal par nuit, groupe ${index + 1} (€)`}
              inputMode="decimal"
              {...register(`policy.hotel.classes.${index}.maxNightly`)}
              error={errors?.classes?.[index]?.maxNightly?.message}
            />
            <CitiesOfClass form={form} index={index} />
            <Button variant="ghost" className="self-start" onClick={() => classes.remove(index)}>
              <Trash2 aria-hidden="true" size={18} />
              {t`Supprimer le groupe ${index + 1}`}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="self-start" onClick={() => classes.append({ maxNightly: '', cities: [] }, 'maxNightly')}>
        <Plus aria-hidden="true" size={18} />
        <Trans>Ajouter un groupe de villes</Trans>
      </Button>
    </fieldset>
  );
}

/** The cities of one class: chips to remove, and a city search to add one. */
function CitiesOfClass({ form, index }: { form: Form; index: number }) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const errorId = useId();
  const path = `policy.hotel.classes.${index}.cities` as const;
  const cities = form.watch(path);
  const error = fieldText(firstMessage(form.formState.errors.policy?.hotel?.classes?.[index]?.cities));
  const set = (next: City[]) => form.setValue(path, next, { shouldDirty: true });
  return (
    <div className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <p className="font-medium text-gray-900">{t`Villes du groupe ${index + 1}`}</p>
      {cities.length === 0 ? (
        <p className="text-gray-700">
          <Trans>Aucune ville pour l’instant.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Villes du groupe ${index + 1}`} className="flex flex-wrap gap-2">
          {cities.map((city) => (
            <li key={city.id} className="flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-1 pl-3 text-gray-900">
              {city.name}
              <button
                type="button"
                className="flex size-8 items-center justify-center rounded-full hover:bg-gray-200"
                aria-label={t`Retirer ${city.name} du groupe ${index + 1}`}
                onClick={() => set(cities.filter((c) => c.id !== city.id))}
              >
                <X aria-hidden="true" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={errorId}>{error}</FieldError>
      <CityPicker label={t`Ajouter une ville au groupe ${index + 1}`} taken={new Set(cities.map((c) => c.id))} onPick={(city) => set([...cities, city])} />
    </div>
  );
}

function CityPicker({ label, taken, onPick }: { label: string; taken: Set<string>; onPick: (city: City) => void }) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const found = useQuery(cityQuery(useDebounced(q, 300)));
  const cities = (found.data ?? []).filter((p) => p.type === 'city' && !taken.has(p.ID));
  return (
    <div className="flex flex-col gap-2">
      <TextField
        className="sm:w-72"
        label={label}
        hint={t`Tapez au moins deux lettres`}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
      />
      {q.trim().length >= 2 && found.data && (
        <p role="status" className="sr-only">
          {cities.length === 0 ? t`Aucune ville trouvée` : t`${cities.length} villes trouvées`}
        </p>
      )}
      {q.trim().length >= 2 && cities.length > 0 && (
        <ul aria-label={t`Villes trouvées`} className="flex flex-wrap gap-2">
          {cities.map((place) => (
            <li key={place.ID}>
              <Button
                variant="secondary"
                onClick={() => {
                  onPick({ id: place.ID, name: place.name });
                  setQ('');
                }}
              >
                <Plus aria-hidden="true" size={16} />
                {t`Ajouter ${place.name} (${place.country})`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CarRules({ form }: { form: Form }) {
  const { t } = useLingui();
  const categoryLabel = useCarCategoryLabel();
  const fieldText = useFieldText();
  const errorId = useId();
  const { register, watch, formState } = form;
  const on = watch('policy.carEnabled');
  const errors = formState.errors.policy?.car;
  const categoriesError = fieldText(firstMessage(errors?.categories));
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">
        <Trans>Location de voiture</Trans>
      </legend>
      <CheckboxField label={t`Limiter les catégories et le prix par jour`} {...register('policy.carEnabled')} />
      {on && (
        <>
          <fieldset aria-describedby={categoriesError ? errorId : undefined}>
            <legend className="mb-1 font-medium text-gray-900">
              <Trans>Catégories permises</Trans>
            </legend>
            <div className="flex flex-wrap gap-x-6">
              {CAR_TYPES.map((category) => (
                <label key={category} className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" value={category} className="size-5 accent-[var(--brand)]" {...register('policy.car.categories')} />
                  {categoryLabel(category)}
                </label>
              ))}
            </div>
            <FieldError id={errorId}>{categoriesError}</FieldError>
          </fieldset>
          <TextField
            className="sm:w-72"
            label={t`Prix maximal par jour (€, facultatif)`}
            inputMode="decimal"
            {...register('policy.car.maxDaily')}
            error={errors?.maxDaily?.message}
          />
        </>
      )}
    </fieldset>
  );
}
