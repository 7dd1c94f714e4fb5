import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentInput, TravelDocument } from '@contract/documents';
import { MAX_DOCUMENTS } from '@contract/documents';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { ConfirmRemoval } from '@web/components/ConfirmRemoval';
import { FormAlert } from '@web/components/Field';
import { formatDate } from '@web/lib/dates';
import { ApiError, errorText } from '@web/lib/http';
import { useUser } from '@web/lib/me';
import { toast } from '@web/lib/toast';
import { documentsQuery, updateDocumentsMutation } from './api';
import { DOCUMENT_FIELDS, DocumentForm, formValues, type DocumentFormValues, type ParsedDocument } from './DocumentForm';

/** A stored document as the list sends it back (the `expired` flag is the server's, not an input). */
const asInput = ({ expired: _expired, ...document }: TravelDocument): DocumentInput => document;

/** Editing is none, a new document, or the one at an index (spec 3 §4 "Documents and cards"). */
type Editing = null | 'new' | number;

function useTypeName() {
  const { t } = useLingui();
  return (type: TravelDocument['type']) => (type === 'passport' ? t`Passeport` : type === 'id_card' ? t`Carte d’identité` : t`Permis de conduire`);
}

/**
 * "Pièces d'identité" of the personal data page: the user's passports, ID cards and
 * driving licences, added, edited and removed through the list's `updateDocuments` link.
 */
export function DocumentsSection() {
  const user = useUser();
  const link = user?.links.documents;
  if (!user || !link) return null;
  return <Documents link={link} person={user} />;
}

function Documents({ link, person }: { link: Link; person: { firstname: string; lastname: string } }) {
  const { t, i18n } = useLingui();
  const typeName = useTypeName();
  const documents = useQuery(documentsQuery(link));
  const saving = useMutation(updateDocumentsMutation(link));
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const countries = new Intl.DisplayNames([i18n.locale], { type: 'region' });

  const close = () => {
    setEditing(null);
    setConfirming(null);
    headingRef.current?.focus();
  };

  /** Writes the list with `document` at `index` (or added): this document's field problems, if the server finds some. */
  const save = async (index: Editing, document: ParsedDocument) => {
    const current = documents.data?.documents ?? [];
    const update = documents.data?.links.updateDocuments;
    if (!update) throw new Error(t`Vos pièces d’identité ne peuvent pas être modifiées pour le moment.`);
    const list = current.map(asInput);
    const at = index === 'new' || index === null ? list.length : index;
    list[at] = { ...document, uid: index === 'new' || index === null ? null : (current[index]?.uid ?? null) };
    try {
      await saving.mutateAsync({ link: update, input: { travel_documents: list } });
    } catch (error) {
      const prefix = `travel_documents.${at}.`;
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      const mine = fields.filter(([path]) => path.startsWith(prefix) && DOCUMENT_FIELDS.includes(path.slice(prefix.length) as keyof DocumentFormValues));
      if (mine.length > 0 && mine.length === fields.length) return Object.fromEntries(mine.map(([path, key]) => [path.slice(prefix.length), key]));
      throw new Error(t`Erreur lors de l’enregistrement : ${errorText(error)}`);
    }
    toast.success(t`Vos pièces d’identité ont été mises à jour`);
    close();
    return null;
  };

  const remove = async (index: number) => {
    const current = documents.data?.documents ?? [];
    const update = documents.data?.links.updateDocuments;
    if (!update) return;
    try {
      await saving.mutateAsync({ link: update, input: { travel_documents: current.filter((_, i) => i !== index).map(asInput) } });
      toast.success(t`La pièce d’identité a été supprimée`);
      close();
    } catch (error) {
      toast.error(t`Erreur lors de l’enregistrement : ${errorText(error)}`);
    }
  };

  const list = documents.data?.documents ?? [];
  const full = list.length >= MAX_DOCUMENTS;

  return (
    <section id="documents" aria-labelledby="documents-title" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div>
        <h2 id="documents-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
          <Trans>Pièces d’identité</Trans>
        </h2>
        <p className="text-sm text-gray-700">
          <Trans>
            Votre passeport et votre carte d’identité nous permettent de vous prévenir quand un vol en demande un, ou quand le vôtre expire avant votre retour.
          </Trans>
        </p>
      </div>

      {documents.isPending && (
        <ul aria-hidden="true" className="flex flex-col gap-2">
          {[0, 1].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
          ))}
        </ul>
      )}
      {documents.isError && (
        <FormAlert>
          <Trans>Vos pièces d’identité n’ont pas pu être chargées.</Trans>{' '}
          <Button variant="link" onClick={() => void documents.refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </FormAlert>
      )}

      {documents.isSuccess && list.length === 0 && editing !== 'new' && (
        <p className="text-gray-700">
          <Trans>Aucune pièce d’identité enregistrée. Ajoutez votre passeport ou votre carte d’identité pour être prévenu avant un vol qui en demande.</Trans>
        </p>
      )}

      {list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t`Vos pièces d’identité`}>
          {list.map((doc, index) => {
            const name = typeName(doc.type);
            const country = countries.of(doc.country_of_issue) ?? doc.country_of_issue;
            const number = doc.number;
            const expiry = doc.expiration_date ? formatDate(doc.expiration_date) : '';
            if (editing === index)
              return (
                <li key={doc.uid}>
                  <DocumentForm initial={formValues(doc, person)} isNew={false} onSave={(d) => save(index, d)} onCancel={close} />
                </li>
              );
            return (
              <li key={doc.uid} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-gray-200 p-4">
                <div className="flex flex-col gap-1">
                  <p className="font-semibold text-gray-900">
                    {name}
                    {doc.document_name ? ` · ${doc.document_name}` : ''}
                  </p>
                  <p className="text-gray-700">
                    {doc.firstname} {doc.lastname} · <Trans>N° {number}</Trans> · {country}
                  </p>
                  <p className={doc.expired ? 'font-medium text-red-700' : 'text-gray-700'}>
                    {doc.expiration_date === null ? (
                      <Trans>Sans date d’expiration</Trans>
                    ) : doc.expired ? (
                      <Trans>Expiré le {expiry}</Trans>
                    ) : (
                      <Trans>Expire le {expiry}</Trans>
                    )}
                  </p>
                </div>
                {confirming === index ? (
                  <ConfirmRemoval
                    label={t`Supprimer : ${name}`}
                    question={<Trans>Supprimer ce document ?</Trans>}
                    busy={saving.isPending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={() => void remove(index)}
                  />
                ) : (
                  documents.data?.links.updateDocuments &&
                  editing === null && (
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" aria-label={t`Modifier : ${name}`} onClick={() => setEditing(index)}>
                        <Trans>Modifier</Trans>
                      </Button>
                      <Button variant="secondary" aria-label={t`Supprimer : ${name}`} onClick={() => setConfirming(index)}>
                        <Trans>Supprimer</Trans>
                      </Button>
                    </div>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}

      {editing === 'new' && <DocumentForm initial={formValues(null, person)} isNew onSave={(d) => save('new', d)} onCancel={close} />}
      {documents.isSuccess && documents.data.links.updateDocuments && editing === null && confirming === null && (
        <div>
          {full ? (
            <p className="text-gray-700">
              <Trans>Vous avez enregistré le nombre maximal de pièces d’identité ({MAX_DOCUMENTS}).</Trans>
            </p>
          ) : (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              <Trans>Ajouter une pièce d’identité</Trans>
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
