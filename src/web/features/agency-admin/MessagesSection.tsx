import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AgencyMessage, AgencyMessageBody, AgencyMessages } from '@contract/agency-admin';
import { agencyMessageBodySchema } from '@contract/agency-admin';
import { COMM_SUPPORTS, type CommSupport } from '@contract/comms';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { FieldError, FormAlert, SelectField, useFieldText } from '@web/components/Field';
import { ListError, ListLoading } from '@web/components/ListStates';
import { Panel } from '@web/components/Panel';
import { showRefusal } from '@web/lib/form-refusal';
import { contractResolver } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { agencyAdminMutations, agencyMessagesQuery } from './api';

type MessageForm = { support: CommSupport; companyId: string; level: 'info' | 'warning'; fr: string; en: string };

const resolver = contractResolver(
  () => agencyMessageBodySchema,
  (v: MessageForm) => ({ support: v.support, companyId: v.companyId || null, level: v.level, message: { fr: v.fr, en: v.en } }),
);
const fieldOf = (path: string) => (path.startsWith('message.') ? path.slice('message.'.length) : path);

function useSupportLabels(): Record<CommSupport, string> {
  const { t } = useLingui();
  return {
    search: t`Recherche`,
    results: t`Résultats`,
    cart: t`Panier`,
    checkout: t`Validation de la commande`,
    tickets: t`Mes réservations`,
    approvals: t`Approbations`,
    account: t`Mon espace`,
  };
}

/**
 * A message in one language, as rich text: HTML (paragraphs, bold, italics, lists, links) typed
 * or made with the buttons, which wrap the selected text; the server keeps only that safe subset.
 */
function RichTextField({ id, label, registration, error }: { id: string; label: string; registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useLingui();
  const text = useFieldText()(error);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const wrap = (open: string, close: string) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end, value } = el;
    el.value = `${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.focus();
    el.setSelectionRange(start + open.length, end + open.length);
  };
  const tools: [string, string, string][] = [
    [t`Gras`, '<strong>', '</strong>'],
    [t`Italique`, '<em>', '</em>'],
    [t`Lien`, '<a href="https://">', '</a>'],
    [t`Liste`, '<ul><li>', '</li></ul>'],
  ];
  const { ref, ...rest } = registration;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-gray-900">
        {label}
      </label>
      <div role="toolbar" aria-label={t`Mise en forme : ${label}`} aria-controls={id} className="flex flex-wrap gap-1">
        {tools.map(([name, open, close]) => (
          <Button key={name} variant="secondary" className="min-h-11 px-3 text-sm" onClick={() => wrap(open, close)}>
            {name}
          </Button>
        ))}
      </div>
      <textarea
        id={id}
        rows={4}
        aria-invalid={text ? true : undefined}
        aria-describedby={text ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm text-gray-900 ${text ? 'border-red-700' : 'border-gray-400'}`}
        ref={(el) => {
          ref(el);
          area.current = el;
        }}
        {...rest}
      />
      <FieldError id={`${id}-error`}>{text}</FieldError>
    </div>
  );
}

function MessageEditor({ messages, message, onDone }: { messages: AgencyMessages; message: AgencyMessage | null; onDone: () => void }) {
  const { t } = useLingui();
  const supports = useSupportLabels();
  const [alert, setAlert] = useState<string>();
  const creating = useMutation(agencyAdminMutations.createMessage());
  const updating = useMutation(agencyAdminMutations.updateMessage());
  const form = useForm<MessageForm, unknown, AgencyMessageBody>({
    resolver,
    defaultValues: message
      ? { support: message.support, companyId: message.companyId ?? '', level: message.level, fr: message.message.fr, en: message.message.en }
      : { support: 'search', companyId: '', level: 'info', fr: '', en: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  useEffect(() => document.getElementById('message-editor-title')?.focus(), []);
  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      if (message) await updating.mutateAsync({ link: message.links.updateAgencyMessage!, input });
      else await creating.mutateAsync({ link: messages.links.createAgencyMessage!, input });
      toast.success(t`Message enregistré`);
      onDone();
    } catch (error) {
      setAlert(showRefusal(error, setError, fieldOf));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="message-editor-title" className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id="message-editor-title" tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {message ? <Trans>Modifier le message</Trans> : <Trans>Nouveau message</Trans>}
      </h3>
      <FormAlert>{alert}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t`Page`} {...register('support')} error={errors.support?.message}>
          {COMM_SUPPORTS.map((s) => (
            <option key={s} value={s}>
              {supports[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Destinataires`} {...register('companyId')} error={errors.companyId?.message}>
          <option value="">{t`Tous les voyageurs`}</option>
          {messages.companies.map((c) => (
            <option key={c.uid} value={c.uid}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Niveau`} {...register('level')} error={errors.level?.message}>
          <option value="info">{t`Information`}</option>
          <option value="warning">{t`Avertissement`}</option>
        </SelectField>
      </div>
      <RichTextField id="message-fr" label={t`Message en français`} registration={register('fr')} error={errors.fr?.message} />
      <RichTextField id="message-en" label={t`Message en anglais`} registration={register('en')} error={errors.en?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={creating.isPending || updating.isPending}>
          <Trans>Enregistrer le message</Trans>
        </Button>
      </div>
    </form>
  );
}

function MessageRow({ message, companies, onEdit }: { message: AgencyMessage; companies: AgencyMessages['companies']; onEdit: () => void }) {
  const { t } = useLingui();
  const supports = useSupportLabels();
  const [asking, setAsking] = useState(false);
  const deleting = useMutation(agencyAdminMutations.deleteMessage());
  const company = companies.find((c) => c.uid === message.companyId)?.name ?? t`tous les voyageurs`;
  const title = `${supports[message.support]} · ${company}`;
  return (
    <li className="flex flex-col gap-2 py-3">
      <p className="font-semibold text-gray-900">
        {title} · {message.level === 'warning' ? t`Avertissement` : t`Information`}
      </p>
      {/* Sanitised by the server when written. */}
      <div className="agency-html text-gray-800" dangerouslySetInnerHTML={{ __html: message.message.fr }} />
      {asking ? (
        <div role="group" aria-label={t`Supprimer le message ${title}`} className="flex flex-wrap items-center gap-2">
          <p className="text-gray-900">
            <Trans>Supprimer ce message ?</Trans>
          </p>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            <Trans>Annuler</Trans>
          </Button>
          <Button
            busy={deleting.isPending}
            onClick={() =>
              void deleting
                .mutateAsync({ link: message.links.deleteAgencyMessage! })
                .then(() => toast.success(t`Message supprimé`))
                .catch(() => undefined)
            }
          >
            <Trans>Confirmer la suppression</Trans>
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit} aria-label={t`Modifier le message ${title}`}>
            <Trans>Modifier</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setAsking(true)} aria-label={t`Supprimer le message ${title}`}>
            <Trans>Supprimer</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

/** The agency's messages to its travellers (the banners of GET /comms): per page, for everyone or one company. */
export function MessagesSection({ link }: { link: Link }) {
  const { t } = useLingui();
  const list = useQuery(agencyMessagesQuery(link));
  const [editing, setEditing] = useState<AgencyMessage | 'new' | null>(null);
  return (
    <Panel
      id="messages-title"
      title={<Trans>Messages aux voyageurs</Trans>}
      intro={<Trans>Des bandeaux sur les pages de l’application, pour tous les voyageurs ou ceux d’une entreprise.</Trans>}
    >
      {list.isPending ? (
        <ListLoading label={t`Chargement des messages`} rowClass="h-12" testId="messages-skeleton" />
      ) : list.isError ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {editing ? (
            <MessageEditor messages={list.data} message={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          ) : (
            list.data.links.createAgencyMessage && (
              <div>
                <Button onClick={() => setEditing('new')}>
                  <Trans>Nouveau message</Trans>
                </Button>
              </div>
            )
          )}
          {list.data.messages.length === 0 ? (
            <p className="text-gray-700">
              <Trans>Aucun message.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-gray-200" aria-label={t`Messages`}>
              {list.data.messages.map((m) => (
                <MessageRow key={m.id} message={m} companies={list.data.companies} onEdit={() => setEditing(m)} />
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}
