import { useRef, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import type { CommSupport } from '@contract/comms';
import { commsQuery, dismissComm, useDismissedComms } from '../lib/comms';
import { useUser } from '../lib/me';
import { pageData } from '../lib/page-data';

const noChange = () => () => undefined;

/**
 * The agency's messages for this page (spec 2 §2, §7), those of `entityId` too (the entity the
 * search or the travel is for); each can be closed for the rest of the session. Nothing at all when there
 * are none or the call failed.
 */
export function CommsBanner({ support, entityId = null, className = '' }: { support: CommSupport; entityId?: string | null; className?: string }) {
  const { t } = useLingui();
  const user = useUser();
  const section = useRef<HTMLElement>(null);
  // A visitor's page came with the agency's public messages (server web.ts): no call, no schema to load.
  const given = user ? undefined : pageData().comms;
  const { data: fetched = [] } = useQuery({ ...commsQuery(support, user?.uid ?? null, entityId), enabled: !given });
  // A prerendered page has none: they show once the app has taken it over (no hydration mismatch).
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const dismissed = useDismissedComms((s) => s.ids);
  const messages = (given ? (hydrated ? (given[support] ?? []) : []) : fetched).filter((m) => !dismissed.includes(m.id));
  if (messages.length === 0) return null;

  const close = (id: string) => {
    // The focus goes to the next message's button, or to the page once none is left.
    const buttons = [...(section.current?.querySelectorAll<HTMLButtonElement>('button[data-comm]') ?? [])];
    const next = buttons.find((b) => b.dataset.comm !== id);
    dismissComm(id);
    (next ?? document.getElementById('main'))?.focus();
  };
  return (
    <section ref={section} aria-labelledby={`comms-title-${support}`} className={`space-y-2 ${className}`}>
      <h2 id={`comms-title-${support}`} className="sr-only">{t`Messages de votre agence`}</h2>
      {messages.map((m) => (
        <div
          key={m.id}
          className={`flex items-start gap-3 rounded-lg border py-2 pr-2 pl-4 ${m.level === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-blue-200 bg-blue-50 text-blue-950'}`}
        >
          {m.level === 'warning' ? (
            <TriangleAlert aria-hidden="true" size={20} className="mt-2.5 shrink-0" />
          ) : (
            <Info aria-hidden="true" size={20} className="mt-2.5 shrink-0" />
          )}
          <p className="flex-1 py-2">
            <span className="sr-only">{m.level === 'warning' ? t`Attention :` : t`Information :`} </span>
            {/* The agency's rich text, sanitised by the server (a small safe subset of HTML). */}
            <span id={`comm-${support}-${m.id}`} className="agency-html" dangerouslySetInnerHTML={{ __html: m.message }} />
          </p>
          <button
            type="button"
            data-comm={m.id}
            aria-label={t`Masquer ce message`}
            aria-describedby={`comm-${support}-${m.id}`}
            onClick={() => close(m.id)}
            className="flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5"
          >
            <X aria-hidden="true" size={18} />
          </button>
        </div>
      ))}
    </section>
  );
}
