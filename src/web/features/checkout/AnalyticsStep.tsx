import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useForm } from 'react-hook-form';
import type { Travel } from '@contract/travel';
import type { AnalyticField, AnalyticsForm, FillAnalyticsBody } from '@contract/checkout-steps';
import type { analyticValueProblem } from '@contract/tenant-pattern';
import { Button } from '@web/components/Button';
import { FormAlert, SelectField, TextAreaField, TextField } from '@web/components/Field';
import { reportStepFailure, stepMutation } from './api';
import { FormSkeleton, PolicyExemption, RequiredNote, type StepProps, useStepForm } from './parts';

type Values = {
  travel: Record<string, string>;
  /** Keyed `t<travelerId>`: a bare number would make react-hook-form build an array. */
  travelers: Record<string, Record<string, string>>;
  travel_policy_exemption: string;
};

const travelerKey = (travelerId: number) => `t${travelerId}`;

/**
 * The server's check of an answer (spec 2 §5: required, the company's pattern in linear time, the list
 * of values), with the re2js engine it needs: its own chunk, loaded with this form only.
 */
const loadValueRules = () => import('@contract/tenant-pattern');
type ValueProblem = typeof analyticValueProblem;

/** Spec 2 §5 "Analytics form", as the server checks it; a value not matching the pattern shows the pattern's description. */
function analyticProblem(check: ValueProblem, field: AnalyticField, raw: string | undefined): string | null {
  const problem = check(field, raw);
  return problem === 'FORMAT_INVALID' ? (field.regexDesc ?? problem) : problem;
}

/** The form's rules, from the company's fields (travel and per traveller) and the travel's compliance. */
const analyticsSchema = (form: AnalyticsForm, check: ValueProblem) =>
  z.object({
    travel: z.record(z.string(), z.string()).superRefine((values, ctx) => {
      for (const field of form.fields) {
        const problem = analyticProblem(check, field, values[field.name]);
        if (problem) ctx.addIssue({ code: 'custom', path: [field.name], message: problem });
      }
    }),
    travelers: z.record(z.string(), z.record(z.string(), z.string())).superRefine((values, ctx) => {
      for (const traveler of form.travelers)
        for (const field of traveler.analytics) {
          const key = travelerKey(traveler.travelerId);
          const problem = analyticProblem(check, field, values[key]?.[field.name]);
          if (problem) ctx.addIssue({ code: 'custom', path: [key, field.name], message: problem });
        }
    }),
    travel_policy_exemption: form.isCompliant ? z.string() : z.string().refine((v) => v.trim() !== '', 'FIELD_REQUIRED'),
  });

function defaults(form: AnalyticsForm): Values {
  const valuesOf = (fields: AnalyticField[]) => Object.fromEntries(fields.map((f) => [f.name, f.value ?? '']));
  return {
    travel: valuesOf(form.fields),
    travelers: Object.fromEntries(form.travelers.map((t) => [travelerKey(t.travelerId), valuesOf(t.analytics)])),
    travel_policy_exemption: form.travel_policy_exemption ?? '',
  };
}

function toBody(form: AnalyticsForm, values: Values): FillAnalyticsBody {
  const answers = (fields: AnalyticField[], given: Record<string, string> | undefined) =>
    fields.map((f) => ({ name: f.name, label: f.label, value: given?.[f.name]?.trim() || null }));
  return {
    fields: answers(form.fields, values.travel),
    travelersFields: form.travelers.length
      ? Object.fromEntries(form.travelers.map((t) => [String(t.travelerId), answers(t.analytics, values.travelers[travelerKey(t.travelerId)])]))
      : undefined,
    travel_policy_exemption: form.isCompliant ? null : values.travel_policy_exemption.trim(),
  };
}

/** The server names a field `fields.<name>` or `travelersFields.<id>.<name>`: the form's own names. */
function formPath(serverPath: string): string {
  const [group, a, b] = serverPath.split('.');
  if (group === 'fields' && a) return `travel.${a}`;
  if (group === 'travelersFields' && a && b) return `travelers.${travelerKey(Number(a))}.${b}`;
  return serverPath;
}

/** One analytics field: a list when the company gives values, else text (checked with its regex). */
function AnalyticInput({ field, name, form }: { field: AnalyticField; name: string; form: ReturnType<typeof useForm<Values>> }) {
  const { t } = useLingui();
  const error = (
    name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors) as
      | { message?: string }
      | undefined
  )?.message;
  const fieldLabel = field.label;
  const label = field.required ? t`${fieldLabel} *` : fieldLabel;
  const common = { label, error, 'aria-required': field.required || undefined, ...form.register(name as `travel.${string}`) };
  if (field.values?.length)
    return (
      <SelectField {...common}>
        <option value="">{t`Choisir…`}</option>
        {field.values.map((value, i) => {
          const code = field.valueCodes?.[i];
          return (
            <option key={value} value={value}>
              {code ? t`${value} (${code})` : value}
            </option>
          );
        })}
      </SelectField>
    );
  return <TextField {...common} type="text" hint={field.regexDesc ?? undefined} autoComplete="off" />;
}

/**
 * Spec 2 §2 "Analytics form" (getAllAnalytics → fillAnalytics): the company's fields for the
 * travel and per traveller, and the reason for a non-compliant travel; checked here with the
 * server's rules, the server's field errors shown on the same fields.
 */
export function AnalyticsStep({ travel, link, onReload, onUnavailable }: StepProps) {
  const data = useStepForm('getAllAnalytics', link, onUnavailable);
  if (!data) return <FormSkeleton />;
  return <AnalyticsFormView key={link.href} form={data} travel={travel} onReload={onReload} />;
}

function AnalyticsFormView({ form: analytics, travel, onReload }: { form: AnalyticsForm; travel: Travel; onReload: () => void }) {
  const { t } = useLingui();
  const saving = useMutation(stepMutation('fillAnalytics', travel.id));
  const form = useForm<Values>({
    defaultValues: defaults(analytics),
    resolver: async (values, context, options) =>
      zodResolver(analyticsSchema(analytics, (await loadValueRules()).analyticValueProblem))(values, context, options),
  });
  // The rules' chunk is fetched while the traveller fills the form in, not when they submit it.
  useEffect(() => void loadValueRules().catch(() => undefined), []);
  const [invalid, setInvalid] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      setInvalid(false);
      try {
        await saving.mutateAsync({ link: analytics.links.fillAnalytics, version: travel.version, input: toBody(analytics, values) });
      } catch (error) {
        const fields = reportStepFailure(error, onReload);
        if (!fields) return;
        setInvalid(true);
        Object.entries(fields).forEach(([path, key], i) =>
          form.setError(formPath(path) as keyof Values, { type: 'server', message: key }, { shouldFocus: i === 0 }),
        );
      }
    },
    () => setInvalid(true),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="analytics-title" className="flex flex-col gap-6">
      <div>
        <h2 id="analytics-title" className="text-xl font-bold text-gray-900">
          <Trans>Informations de facturation</Trans>
        </h2>
        <RequiredNote />
      </div>
      {invalid && <FormAlert>{t`Certains champs sont à compléter ou à corriger.`}</FormAlert>}
      {analytics.fields.length > 0 && (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-gray-900">
            <Trans>Pour le voyage</Trans>
          </legend>
          {analytics.fields.map((field) => (
            <AnalyticInput key={field.name} field={field} name={`travel.${field.name}`} form={form} />
          ))}
        </fieldset>
      )}
      {analytics.travelers
        .filter((traveler) => traveler.analytics.length > 0)
        .map((traveler) => {
          const name = `${traveler.firstname} ${traveler.lastname}`;
          return (
            <fieldset key={traveler.travelerId} className="flex flex-col gap-4">
              <legend className="mb-2 text-lg font-semibold text-gray-900">{t`Pour ${name}`}</legend>
              {traveler.analytics.map((field) => (
                <AnalyticInput key={field.name} field={field} name={`travelers.${travelerKey(traveler.travelerId)}.${field.name}`} form={form} />
              ))}
            </fieldset>
          );
        })}
      {!analytics.isCompliant && (
        <PolicyExemption policy={analytics.travelPolicy} reasons={analytics.complianceReasons} field={<ExemptionField form={form} />} />
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={saving.isPending}>
          <Trans>Continuer</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * Registered in its own render, after the fields above it: react-hook-form focuses the first
 * invalid field in registration order, which must be the page's order.
 */
function ExemptionField({ form }: { form: ReturnType<typeof useForm<Values>> }) {
  const { t } = useLingui();
  return (
    <TextAreaField
      label={t`Motif du hors politique *`}
      aria-required
      error={form.formState.errors.travel_policy_exemption?.message}
      {...form.register('travel_policy_exemption')}
    />
  );
}
