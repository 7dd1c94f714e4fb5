import { useState } from 'react';
import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import Menu from 'lucide-react/icons/menu';
import UserRound from 'lucide-react/icons/user-round';
import { useUser } from '../../lib/me';

const itemClass =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium text-gray-900 hover:bg-gray-100 aria-[current=page]:bg-gray-100 aria-[current=page]:text-brand';

/**
 * The account area's frame (spec 3 §2): the side menu and the page. Only pages that exist are
 * listed; dashboard, bookings, approvals, archives and privacy policy join with their issues.
 */
export function AccountLayout() {
  const { t } = useLingui();
  const user = useUser();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!user || !user.features.enableAccountAccess) return <Navigate to="/" replace />;

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
            <Link to="/account/informations" className={itemClass} onClick={() => setMenuOpen(false)}>
              <UserRound aria-hidden="true" size={20} />
              {t`Données personnelles`}
            </Link>
          </li>
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
