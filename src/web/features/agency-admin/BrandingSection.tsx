import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AgencyAdmin, UpdateBrandingBody } from '@contract/agency-admin';
import { LOGO_MAX_BYTES, updateBrandingBodySchema } from '@contract/agency-admin';
import { Button } from '@web/components/Button';
import { FieldError, FormAlert, TextField, useFieldText } from '@web/components/Field';
import { Panel } from '@web/components/Panel';
import { contrast, parseHex } from '@web/lib/color';
import { contractResolver, type ExtraIssue } from '@web/lib/form';
import { formatDecimal } from './format';
import { toast } from '@web/lib/toast';
import { showRefusal } from '@web/lib/form-refusal';
import { agencyAdminMutations } from './api';

type BrandingForm = { brandColor: string; accentColor: string };

/** WCAG AA for white text on a colour, as the server checks it (platform/colors.ts colourProblems). */
export const AA_RATIO = 4.5;
const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value.trim());
export const whiteContrast = (colour: string) => (isHex(colour) && parseHex(colour) ? contrast(colour.trim(), '#ffffff') : null);

const resolver = contractResolver(
  () => updateBrandingBodySchema,
  (v: BrandingForm) => ({ brandColor: v.brandColor.trim(), accentColor: v.accentColor.trim() }),
  // The same check as the server's, shown as the colour is typed.
  (v) =>
    (['brandColor', 'accentColor'] as const).flatMap((field): ExtraIssue[] => {
      const ratio = whiteContrast(v[field]);
      return ratio !== null && ratio < AA_RATIO ? [{ path: field, key: 'CONTRAST_TOO_LOW' }] : [];
    }),
);

/** A file's bytes in base64 (the body of updateBranding). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** One colour: its code, a colour picker for it, and its contrast with white text, said in words. */
function ColourField({
  label,
  hint,
  value,
  error,
  registration,
  onPick,
  id,
}: {
  label: string;
  hint: string;
  value: string;
  error?: string;
  registration: ReturnType<ReturnType<typeof useForm<BrandingForm>>['register']>;
  onPick: (colour: string) => void;
  id: string;
}) {
  const { t } = useLingui();
  const ratio = whiteContrast(value);
  const pass = ratio !== null && ratio >= AA_RATIO;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <TextField id={id} className="flex-1" label={label} hint={hint} autoComplete="off" spellCheck={false} {...registration} error={error} />
        <input
          type="color"
          aria-label={t`Nuancier : ${label}`}
          value={isHex(value) ? value.trim().toLowerCase() : '#000000'}
          onChange={(e) => onPick(e.target.value)}
          className="h-11 w-14 cursor-pointer rounded-lg border border-gray-400 bg-white p-1"
        />
      </div>
      {ratio !== null && (
        <p id={`${id}-contrast`} className={`text-sm font-medium ${pass ? 'text-green-800' : 'text-red-700'}`} aria-live="polite">
          {pass
            ? t`Contraste avec le texte blanc : ${formatDecimal(ratio)}:1 — conforme au niveau AA`
            : t`Contraste avec le texte blanc : ${formatDecimal(ratio)}:1 — insuffisant (4,5:1 au moins)`}
        </p>
      )}
    </div>
  );
}

/** The agency's colours, with a live preview and the contrast check the server makes, and its logo (updateBranding). */
export function BrandingSection({ admin }: { admin: AgencyAdmin }) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const [alert, setAlert] = useState<string>();
  const [logo, setLogo] = useState<{ name: string; base64: string; preview: string } | null>(null);
  const [logoError, setLogoError] = useState<string>();
  const saving = useMutation(agencyAdminMutations.updateBranding());
  const form = useForm<BrandingForm, unknown, UpdateBrandingBody>({
    resolver,
    mode: 'onChange',
    values: { brandColor: admin.agency.brandColor, accentColor: admin.agency.accentColor },
  });
  const { register, handleSubmit, setError, setValue, formState, watch } = form;
  const brand = watch('brandColor');
  const accent = watch('accentColor');
  const previewBrand = isHex(brand) ? brand.trim() : admin.agency.brandColor;
  const previewAccent = isHex(accent) ? accent.trim() : admin.agency.accentColor;

  const pickFile = async (file: File | undefined) => {
    setLogoError(undefined);
    setLogo(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES || !/\.(svg|png|webp)$/i.test(file.name)) {
      setLogoError('LOGO_INVALID');
      return;
    }
    const base64 = await base64Of(file);
    setLogo({ name: file.name, base64, preview: URL.createObjectURL(file) });
  };

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    if (logoError) {
      document.getElementById('branding-logo')?.focus();
      return;
    }
    try {
      await saving.mutateAsync({ link: admin.links.updateBranding!, input: { ...input, ...(logo ? { logo: logo.base64 } : {}) } });
      setLogo(null);
      toast.success(t`Apparence enregistrée`);
    } catch (error) {
      const refused = showRefusal(error, setError, (path) => (path === 'logo' ? null : path));
      const logoRefusal = error && typeof error === 'object' && 'fields' in error ? (error.fields as Record<string, string> | undefined)?.logo : undefined;
      if (logoRefusal) setLogoError(logoRefusal);
      setAlert(refused);
    }
  });

  const logoText = fieldText(logoError);
  const shownLogo = logo?.preview ?? admin.agency.logo;
  return (
    <Panel
      id="branding-title"
      title={<Trans>Apparence</Trans>}
      intro={
        <Trans>
          Les couleurs et le logo de l’application de l’agence. Le texte blanc doit rester lisible sur la couleur principale et sur la couleur d’accent
          (contraste de 4,5:1 au moins, niveau AA).
        </Trans>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="branding-title" className="flex flex-col gap-5">
        <FormAlert>{alert}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <ColourField
            id="branding-brand"
            label={t`Couleur principale`}
            hint={t`En-tête et boutons, au format #RRGGBB`}
            value={brand}
            error={formState.errors.brandColor?.message}
            registration={register('brandColor')}
            onPick={(c) => setValue('brandColor', c, { shouldValidate: true, shouldDirty: true })}
          />
          <ColourField
            id="branding-accent"
            label={t`Couleur d’accent`}
            hint={t`Liens, badges et contours, au format #RRGGBB`}
            value={accent}
            error={formState.errors.accentColor?.message}
            registration={register('accentColor')}
            onPick={(c) => setValue('accentColor', c, { shouldValidate: true, shouldDirty: true })}
          />
        </div>
        <figure className="overflow-hidden rounded-lg border border-gray-300" data-testid="branding-preview">
          <figcaption className="bg-gray-50 px-3 py-1 text-sm text-gray-700">
            <Trans>Aperçu</Trans>
          </figcaption>
          <div className="flex items-center justify-between gap-3 px-4 py-3 text-white" style={{ backgroundColor: previewBrand }} data-testid="preview-header">
            <span className="flex items-center gap-2 font-semibold">
              {shownLogo && <img src={shownLogo} alt="" className="h-8 w-auto" />}
              {admin.agency.name}
            </span>
            <span className="text-sm">{t`Mon espace`}</span>
          </div>
          <div className="flex flex-wrap items-center gap-4 bg-white p-4">
            <span className="rounded-lg px-4 py-2 font-semibold text-white" style={{ backgroundColor: previewBrand }}>
              {t`Rechercher`}
            </span>
            <span className="font-medium underline" style={{ color: previewAccent }}>
              {t`Un lien`}
            </span>
            <span className="rounded-full px-2 py-0.5 text-sm font-semibold text-white" style={{ backgroundColor: previewAccent }}>
              {t`Badge`}
            </span>
          </div>
        </figure>
        <div className="flex flex-col gap-1">
          <label htmlFor="branding-logo" className="font-medium text-gray-900">
            <Trans>Logo (facultatif)</Trans>
          </label>
          <p id="branding-logo-hint" className="text-sm text-gray-600">
            <Trans>Fichier SVG, PNG ou WebP de 100 Ko au plus ; laissez vide pour garder le logo actuel.</Trans>
          </p>
          <input
            id="branding-logo"
            type="file"
            accept=".svg,.png,.webp,image/svg+xml,image/png,image/webp"
            aria-describedby={`branding-logo-hint${logoText ? ' branding-logo-error' : ''}`}
            aria-invalid={logoText ? true : undefined}
            onChange={(e) => void pickFile(e.target.files?.[0])}
            className="min-h-11 text-gray-900"
          />
          <FieldError id="branding-logo-error">{logoText}</FieldError>
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={saving.isPending}>
            <Trans>Enregistrer l’apparence</Trans>
          </Button>
        </div>
      </form>
    </Panel>
  );
}
