import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../lib/dates';
import { useUser } from '../../lib/me';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd className="break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5">
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      <dl className="divide-y divide-gray-100">{children}</dl>
    </section>
  );
}

/** /account/informations: the signed-in user's personal data, read-only for now. */
export function InformationsPage() {
  const { t } = useLingui();
  const user = useUser();
  if (!user) return null;
  const none = <span className="text-gray-600">{t`Non renseigné`}</span>;
  const gender = user.gender === 'MR' ? t`Monsieur` : user.gender === 'MS' ? t`Madame` : null;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-gray-900">
        <Trans>Données personnelles</Trans>
      </h1>
      <Section title={<Trans>Identité</Trans>}>
        <Row label={<Trans>Civilité</Trans>}>{gender ?? none}</Row>
        <Row label={<Trans>Prénom</Trans>}>{user.firstname}</Row>
        <Row label={<Trans>Nom</Trans>}>{user.lastname}</Row>
        <Row label={<Trans>Nom d’utilisateur</Trans>}>{user.username}</Row>
        <Row label={<Trans>Date de naissance</Trans>}>{user.birthdate ? formatDate(user.birthdate) : none}</Row>
      </Section>
      <Section title={<Trans>Coordonnées</Trans>}>
        <Row label={<Trans>Adresse e-mail</Trans>}>{user.email}</Row>
        <Row label={<Trans>Téléphone</Trans>}>{user.phone || none}</Row>
      </Section>
      <Section title={<Trans>Entreprise</Trans>}>
        <Row label={<Trans>Entreprise</Trans>}>{user.company?.name ?? none}</Row>
        <Row label={<Trans>Entités</Trans>}>
          {user.entities.length > 0 ? (
            <ul className="list-disc pl-5">
              {user.entities.map((entity) => (
                <li key={entity.uid}>{entity.name}</li>
              ))}
            </ul>
          ) : (
            none
          )}
        </Row>
      </Section>
    </div>
  );
}
