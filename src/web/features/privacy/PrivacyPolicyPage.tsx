import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListError } from '@web/components/ListStates';
import { useUser } from '@web/lib/me';
import { privacyPolicyQuery } from './api';

/**
 * /account/privacy-policy (spec 3 §2, §9): the agency's own policy, or the default one, in the
 * reader's language. Its HTML was sanitised by the server (a small safe subset): shown as is.
 */
export function PrivacyPolicyPage() {
  const { t } = useLingui();
  const link = useUser()?.links.privacyPolicy;
  const policy = useQuery({ ...privacyPolicyQuery(link ?? { href: '', method: 'GET' }), enabled: Boolean(link) });

  if (!link) return null;
  if (policy.isPending)
    return (
      <div role="status" aria-label={t`Chargement de la politique de confidentialité`} className="space-y-4">
        <div className="h-9 w-2/3 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
        ))}
      </div>
    );
  if (policy.isError) return <ListError error={policy.error} onRetry={() => void policy.refetch()} />;
  const { title, version, agency, html } = policy.data;
  return (
    <article className="max-w-3xl rounded-xl border border-gray-200 bg-white p-6">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 text-sm text-gray-700">
        <Trans>
          {agency} — version de {version}
        </Trans>
      </p>
      <div
        className="agency-html mt-4 leading-relaxed text-gray-800 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-gray-900 [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1"
        // Sanitised by the server (features/privacy): the agency's text, never the visitor's.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
