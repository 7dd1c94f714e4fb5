import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ExternalLink from 'lucide-react/icons/external-link';
import type { ModalProps } from '@web/lib/modal';
import { ModalTitle } from '@web/components/Modal';

/** Spec 2 §2: pick a person; their recap document opens in a new tab. */
export default function RecapModal({ recaps }: ModalProps['Recap']) {
  const { t } = useLingui();
  const first = useRef<HTMLAnchorElement>(null);
  // React's autoFocus does not apply to links.
  useEffect(() => first.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Récapitulatif par voyageur</Trans>
      </ModalTitle>
      <p className="text-gray-800">
        <Trans>Choisissez le voyageur dont vous voulez le récapitulatif : il s’ouvre dans un nouvel onglet, prêt à imprimer.</Trans>
      </p>
      <ul className="flex flex-col gap-2">
        {recaps.map(({ paxName, link }, i) => (
          <li key={link}>
            <a
              href={link}
              target="_blank"
              rel="noopener"
              ref={i === 0 ? first : undefined}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-gray-300 px-4 font-medium text-gray-900 hover:bg-gray-50"
            >
              {paxName}
              <ExternalLink aria-hidden="true" size={18} />
              <span className="sr-only">{t`(nouvel onglet)`}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
