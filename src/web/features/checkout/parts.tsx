import { Trans, useLingui } from '@lingui/react/macro';

/** Placeholder blocks shaped like a form while its fields load (UI.md: skeletons shaped like what is coming). */
export function FormSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Chargement…`} className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none">
      <div className="h-7 w-1/2 rounded bg-gray-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-2">
          <div className="h-4 w-1/3 rounded bg-gray-200" />
          <div className="h-11 rounded-lg bg-gray-100" />
        </div>
      ))}
    </div>
  );
}

export function RequiredNote() {
  return (
    <p className="mt-1 text-sm text-gray-700">
      <Trans>Les champs marqués d’un astérisque (*) sont obligatoires.</Trans>
    </p>
  );
}
