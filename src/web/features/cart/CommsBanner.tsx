import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { CommSupport } from '../../../contract/comms';
import { commsQuery } from './api';

/** The agency's messages for this page (spec 2 §2, §7); nothing at all when there are none or the call failed. */
export function CommsBanner({ support }: { support: CommSupport }) {
  const { t } = useLingui();
  const { data: messages = [] } = useQuery(commsQuery(support));
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="comms-title" className="space-y-2">
      <h2 id="comms-title" className="sr-only">{t`Messages de votre agence`}</h2>
      {messages.map((m) => (
        <p
          key={m.id}
          className={`flex items-start gap-3 rounded-lg border p-4 ${m.level === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-blue-200 bg-blue-50 text-blue-950'}`}
        >
          {m.level === 'warning' ? (
            <TriangleAlert aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          ) : (
            <Info aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          )}
          <span>
            <span className="sr-only">{m.level === 'warning' ? t`Attention :` : t`Information :`} </span>
            {m.message}
          </span>
        </p>
      ))}
    </section>
  );
}
