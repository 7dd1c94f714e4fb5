import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import { ListError, ListLoading } from '@web/components/ListStates';
import { Panel } from '@web/components/Panel';
import { currentLang } from '@web/lib/i18n';
import { agencyHistoryQuery } from './api';

function useActionLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    'company.create': t`Entreprise créée`,
    'company.update': t`Entreprise modifiée`,
    'company.invite_travel_manager': t`Gestionnaire des voyages invité`,
    'company.sso': t`Connexion unique modifiée`,
    'company.sso_remove': t`Connexion unique retirée`,
    'company.entities': t`Entités modifiées`,
    'company.analytics': t`Champs analytiques modifiés`,
    'company.approvers': t`Valideurs modifiés`,
    'company.travel_policy': t`Politique de voyage modifiée`,
    'staff.invite': t`Membre de l’équipe invité`,
    'staff.deactivate': t`Membre de l’équipe désactivé`,
    'branding.update': t`Apparence modifiée`,
    'message.create': t`Message créé`,
    'message.update': t`Message modifié`,
    'message.delete': t`Message supprimé`,
  };
}

/** Who changed what in the agency's set-up, and when (agencyHistory), newest first. */
export function HistorySection({ link }: { link: Link }) {
  const { t } = useLingui();
  const history = useQuery(agencyHistoryQuery(link));
  const actions = useActionLabels();
  const when = new Intl.DateTimeFormat(currentLang() === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Panel id="history-title" title={<Trans>Historique</Trans>} intro={<Trans>Chaque modification de l’agence : qui, quoi, quand.</Trans>}>
      {history.isPending ? (
        <ListLoading label={t`Chargement de l’historique`} rowClass="h-10" testId="history-skeleton" />
      ) : history.isError ? (
        <ListError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.events.length === 0 ? (
        <p className="text-gray-700">
          <Trans>Aucune modification pour l’instant.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-gray-900">
            <caption className="sr-only">{t`Historique des modifications, la plus récente en premier`}</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-2 pr-4">{t`Date`}</th>
                <th scope="col" className="py-2 pr-4">{t`Par`}</th>
                <th scope="col" className="py-2 pr-4">{t`Modification`}</th>
                <th scope="col" className="py-2 pr-4">{t`Sur`}</th>
                <th scope="col" className="py-2">{t`Champs`}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.events.map((e) => (
                <tr key={e.id} className="border-b border-gray-200 align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
                  </td>
                  <td className="py-2 pr-4">{e.actor}</td>
                  <td className="py-2 pr-4">{actions[e.action] ?? e.action}</td>
                  <td className="py-2 pr-4">{e.target}</td>
                  <td className="py-2 text-sm text-gray-700">{e.fields.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
