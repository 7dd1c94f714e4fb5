import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Travel } from '@contract/travel';
import type { MissionOrderForm, PatchMissionOrdersBody, missionOrdersSchema } from '@contract/checkout-steps';
import { Button } from '@web/components/Button';
import { FormAlert, TextAreaField, TextField } from '@web/components/Field';
import { reportStepFailure, stepMutation } from './api';
import { formatJourneySpan, formatPrice } from '@web/lib/format';
import { FormSkeleton, PolicyExemption, RequiredNote, type StepProps, useStepForm } from './parts';

type MissionOrders = z.infer<typeof missionOrdersSchema>;
const REQUIRED = ['purpose', 'location', 'startLocation', 'endLocation'] as const;
type Order = Record<(typeof REQUIRED)[number] | 'extraRemark' | 'travel_policy_exemption', string>;
type Values = { orders: Order[] };

const filled = z.string().refine((v) => v.trim() !== '', 'PLEASE_FILL');

/** Spec 2 §5 "Mission orders": the four places and purpose are required, the reason too when non-compliant. */
const ordersSchema = (compliant: boolean) =>
  z.object({
    orders: z.array(
      z.object({
        purpose: filled,
        location: filled,
        startLocation: filled,
        endLocation: filled,
        extraRemark: z.string(),
        travel_policy_exemption: compliant ? z.string() : filled,
      }),
    ),
  });

const ORDER_FIELDS = [...REQUIRED, 'extraRemark', 'travel_policy_exemption'] as const;
const fieldsOf = (index: number) => ORDER_FIELDS.map((name) => `orders.${index}.${name}` as const);

/** Spec 2 §3 "Mission order": the traveller's legs as the form recalls them. */
function TripRecap({ order }: { order: MissionOrderForm }) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-col gap-2 rounded-lg bg-gray-50 p-3 text-gray-800">
      {order.travelData.map((leg, i) => (
        <li key={i} className="flex flex-wrap justify-between gap-2">
          <span>
            <span className="font-semibold">{leg.travel.routes.join(' → ')}</span>{' '}
            <span className="tabular-nums">{formatJourneySpan(leg.travel.start, leg.travel.end)}</span>
            {!leg.travel.compliant && <span className="ml-2 text-sm font-medium text-amber-800">{t`Hors politique voyage`}</span>}
          </span>
          <span className="font-semibold tabular-nums">{formatPrice(leg.travel.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 2 §2 "Mission-order wizard" (getMissionOrders → patchMissionOrders): one form per traveller,
 * `index/total` with Previous/Next; Next validates the form shown and moves on only without
 * errors; the last one sends every traveller's order.
 */
export function MissionOrdersStep({ travel, link, onReload, onUnavailable }: StepProps) {
  const data = useStepForm('getMissionOrders', link, onUnavailable);
  if (!data) return <FormSkeleton rows={5} />;
  return <Wizard key={link.href} data={data} travel={travel} onReload={onReload} />;
}

function Wizard({ data, travel, onReload }: { data: MissionOrders; travel: Travel; onReload: () => void }) {
  const { t } = useLingui();
  const saving = useMutation(stepMutation('patchMissionOrders', travel.id));
  const orders = data.missionOrders;
  const form = useForm<Values>({
    defaultValues: {
      orders: orders.map((o) => ({
        purpose: o.purpose ?? '',
        location: o.location ?? '',
        startLocation: o.startLocation ?? '',
        endLocation: o.endLocation ?? '',
        extraRemark: o.extraRemark ?? '',
        travel_policy_exemption: o.travel_policy_exemption ?? '',
      })),
    },
    resolver: zodResolver(ordersSchema(data.isCompliant)),
  });
  const [index, setIndex] = useState(0);
  const [invalid, setInvalid] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const order = orders[index]!;
  const last = index === orders.length - 1;
  const errors = form.formState.errors.orders?.[index];

  // A new traveller's form: focus its heading, so a screen reader hears whose form it is.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [index]);

  const next = async () => {
    const ok = await form.trigger(fieldsOf(index), { shouldFocus: true });
    setInvalid(!ok);
    if (ok) setIndex(index + 1);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setInvalid(false);
      const body: PatchMissionOrdersBody = values.orders.map((o, i) => ({
        travelerId: orders[i]!.travelerId,
        purpose: o.purpose.trim(),
        location: o.location.trim(),
        startLocation: o.startLocation.trim(),
        endLocation: o.endLocation.trim(),
        extraRemark: o.extraRemark.trim() || null,
        travel_policy_exemption: data.isCompliant ? null : o.travel_policy_exemption.trim(),
      }));
      try {
        await saving.mutateAsync({ link: data.links.patchMissionOrders, version: travel.version, input: body });
      } catch (error) {
        const fields = reportStepFailure(error, onReload);
        if (!fields) return;
        setInvalid(true);
        // The server names a field `<travelerId>.<name>`: show the first traveller with a problem.
        const paths = Object.entries(fields).flatMap(([path, key]) => {
          const [id, name] = path.split('.');
          const at = orders.findIndex((o) => String(o.travelerId) === id);
          return at >= 0 && name ? [{ at, path: `orders.${at}.${name}` as const, key }] : [];
        });
        const first = Math.min(...paths.map((p) => p.at));
        if (Number.isFinite(first)) setIndex(first);
        paths.forEach(({ path, key }) => form.setError(path as `orders.${number}.purpose`, { type: 'server', message: key }));
      }
    },
    (found) => {
      setInvalid(true);
      // Every earlier form was checked by Next; show the first one that still has a problem.
      const first = orders.findIndex((_, i) => found.orders?.[i] !== undefined);
      if (first >= 0 && first !== index) setIndex(first);
    },
  );

  const pax = `${order.pax.firstname} ${order.pax.lastname}`;
  const position = index + 1;
  const total = orders.length;
  const field = (name: keyof Order) => ({ error: errors?.[name]?.message, ...form.register(`orders.${index}.${name}`) });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="mission-title" className="flex flex-col gap-5">
      <div>
        <h2 id="mission-title" className="text-xl font-bold text-gray-900">
          <Trans>Ordres de mission</Trans>
        </h2>
        <RequiredNote />
      </div>
      {invalid && <FormAlert>{t`Certains champs sont à compléter ou à corriger.`}</FormAlert>}
      <section aria-labelledby="mission-pax" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="mission-pax" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
            {pax}
          </h3>
          {total > 1 && (
            <p className="font-medium text-gray-700 tabular-nums" aria-label={t`Voyageur ${position} sur ${total}`}>
              {position}/{total}
            </p>
          )}
        </div>
        <TripRecap order={order} />
        <TextField key={`purpose-${index}`} label={t`Objet de la mission *`} aria-required {...field('purpose')} />
        <TextField key={`location-${index}`} label={t`Lieu de la mission *`} aria-required {...field('location')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField key={`start-${index}`} label={t`Lieu de départ *`} aria-required {...field('startLocation')} />
          <TextField key={`end-${index}`} label={t`Lieu de retour *`} aria-required {...field('endLocation')} />
        </div>
        <TextAreaField key={`remark-${index}`} label={t`Remarque (facultatif)`} {...field('extraRemark')} />
        {!data.isCompliant && (
          <PolicyExemption
            policy={travel.travelPolicy}
            reasons={travel.products.flatMap((p) => p.complianceReasons)}
            field={<TextAreaField key={`exemption-${index}`} label={t`Motif du hors politique *`} aria-required {...field('travel_policy_exemption')} />}
          />
        )}
      </section>
      <div className="flex flex-wrap justify-between gap-2">
        {index > 0 ? (
          <Button variant="secondary" onClick={() => setIndex(index - 1)}>
            <Trans>Précédent</Trans>
          </Button>
        ) : (
          <span />
        )}
        {last ? (
          <Button key="submit" type="submit" busy={saving.isPending}>
            <Trans>Valider</Trans>
          </Button>
        ) : (
          <Button key="next" onClick={() => void next()}>
            <Trans>Suivant</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
