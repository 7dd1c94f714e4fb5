import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import Archive from 'lucide-react/icons/archive';
import Building2 from 'lucide-react/icons/building-2';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import Ticket from 'lucide-react/icons/ticket';
import LogIn from 'lucide-react/icons/log-in';
import Menu from 'lucide-react/icons/menu';
import UserRound from 'lucide-react/icons/user-round';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Button } from '@web/components/Button';
import { approvalCountsQuery } from '@web/lib/approvals';
import { useUser } from '@web/lib/me';
import { openModal } from '@web/lib/modal';
import type { CommSupport } from '@contract/comms';
import { CommsBanner } from '@web/components/CommsBanner';

/** The agency's messages of an account page: its bookings', its approvals', or the account's. */
export const accountSupport = (pathname: string): CommSupport =>
  /^\/account\/(tickets|archives)/.test(pathname) ? 'tickets' : pathname.startsWith('/account/approvals') ? 'approvals' : 'account';

const itemClass =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium text-gray-900 hover:bg-gray-100 aria-[current=page]:bg-gray-100 aria-[current=page]:text-brand';

/**
 * The account area's frame (spec 3 §2): the side menu and the page. Only pages that exist are
 * listed (spec 2 §2's order: personal data, my bookings, approval requests, my archives); dashboard and privacy policy join with their issues. A signed-out
 * visitor of a page an e-mail links to (the approvals) is asked to sign in and stays on it.
 */
export function AccountLayout() {
  const { t } = useLingui();
  const user = useUser();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const countsLink = user?.links.approvals ? user.links.approvalCounts : undefined;
  const counts = useQuery({ ...approvalCountsQuery(countsLink ?? { href: '', method: 'GET' }), enabled: Boolean(countsLink) });
  const away = !(user?.features.enableAccountAccess ?? pathname === '/account/approvals');
  // Home once, when the user signs out (or their session ends) here: a <Navigate> rendered again while that
  // navigation is pending would navigate again at each render, without end.
  useEffect(() => {
    if (away) void navigate({ to: '/', replace: true });
  }, [away, navigate]);
  if (!user && pathname === '/account/approvals') return <SignInFirst />;
  if (!user || away) return null;
  const pending = counts.data ? counts.data.pending + (user.canApproveSafetyApproval ? counts.data.safetyPending : 0) : 0;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label={t`Mon espace`} className="md:w-64 md:shrink-0">
        <button
          type="button"
          className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-gray-300 px-3 font-medium md:hidden"
          aria-expanded={menuOpen}
          aria-controls="account-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Menu aria-hidden="true" size={20} />
          {t`Menu de mon espace`}
        </button>
        <ul id="account-menu" className={`${menuOpen ? 'flex' : 'hidden'} mt-2 flex-col gap-1 md:mt-0 md:flex`}>
          <li>
            <Link to="/account/dashboard" className={itemClass} onClick={() => setMenuOpen(false)}>
              <LayoutDashboard aria-hidden="true" size={20} />
              {t`Tableau de bord`}
            </Link>
          </li>
          <li>
            <Link to="/account/informations" className={itemClass} onClick={() => setMenuOpen(false)}>
              <UserRound aria-hidden="true" size={20} />
              {t`Données personnelles`}
            </Link>
          </li>
          <li>
            <Link to="/account/tickets" preload="intent" className={itemClass} onClick={() => setMenuOpen(false)}>
              <Ticket aria-hidden="true" size={20} />
              {t`Mes réservations`}
            </Link>
          </li>
          <li>
            <Link to="/account/tickets-beta" className={itemClass} onClick={() => setMenuOpen(false)}>
              <Ticket aria-hidden="true" size={20} />
              {t`Mes réservations (bêta)`}
            </Link>
          </li>
          {user.links.approvals && (
            <li>
              <Link to="/account/approvals" className={itemClass} onClick={() => setMenuOpen(false)}>
                <ClipboardCheck aria-hidden="true" size={20} />
                {t`Demandes d’approbation`}{' '}
                {pending > 0 && (
                  <span className="ml-auto rounded-full bg-gray-900 px-2 text-sm font-semibold text-white tabular-nums">
                    {pending}
                    <span className="sr-only"> {t`en attente`}</span>
                  </span>
                )}
              </Link>
            </li>
          )}
          <li>
            <Link to="/account/archives" preload="intent" className={itemClass} onClick={() => setMenuOpen(false)}>
              <Archive aria-hidden="true" size={20} />
              {t`Mes archives`}
            </Link>
          </li>
          <li>
            <Link to="/account/archives-beta" className={itemClass} onClick={() => setMenuOpen(false)}>
              <Archive aria-hidden="true" size={20} />
              {t`Mes archives (bêta)`}
            </Link>
          </li>
          {/* The user carries no link to the company's admin: its travel manager's link to the company's figures comes on the same rule. */}
          {user.links.companyTravelStats && (
            <li>
              <Link to="/account/company" className={itemClass} onClick={() => setMenuOpen(false)}>
                <Building2 aria-hidden="true" size={20} />
                {t`Mon entreprise`}
              </Link>
            </li>
          )}
          <li>
            <Link to="/account/privacy-policy" className={itemClass} onClick={() => setMenuOpen(false)}>
              <ShieldCheck aria-hidden="true" size={20} />
              {t`Politique de confidentialité`}
            </Link>
          </li>
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <CommsBanner support={accountSupport(pathname)} className="mb-6" />
        <Outlet />
      </div>
    </div>
  );
}

/** The e-mail's link opened signed out: the login opens here, and the page shows once signed in. */
function SignInFirst() {
  useEffect(() => openModal('Login'), []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">
        <Trans>Connectez-vous pour voir cette demande</Trans>
      </h1>
      <p className="text-gray-800">
        <Trans>La demande d’approbation s’ouvrira dès que vous serez connecté.</Trans>
      </p>
      <Button onClick={() => openModal('Login')}>
        <LogIn aria-hidden="true" size={18} />
        <Trans>Se connecter</Trans>
      </Button>
    </div>
  );
}
