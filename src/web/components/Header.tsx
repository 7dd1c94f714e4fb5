import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import ExternalLink from 'lucide-react/icons/external-link';
import Menu from 'lucide-react/icons/menu';
import Search from 'lucide-react/icons/search';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import UserRound from 'lucide-react/icons/user-round';
import X from 'lucide-react/icons/x';
import { useFeatures } from '../lib/features';
import { DEFAULT_NAME, useBranding } from '../lib/branding';
import { cartQuery } from '../lib/cart';
import { openModal, preloadModal } from '../lib/modal';
import { useUser } from '../lib/me';
import { forgetSsoUsername, useSsoEntry } from '@web/features/auth/sso-entry';
import { SsoSignInButton } from './SsoSignInButton';
import { Button } from './Button';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

const navItem =
  'relative flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium text-gray-900 hover:bg-gray-100 aria-[current=page]:text-brand aria-[current=page]:underline aria-[current=page]:underline-offset-8';
const disabledItem = 'flex min-h-11 cursor-not-allowed items-center gap-2 rounded-lg px-3 font-medium text-gray-500';

function DisabledItem({ icon, children, reason }: { icon: ReactNode; children: ReactNode; reason: string }) {
  return (
    <span aria-disabled="true" title={reason} className={disabledItem}>
      {icon}
      {children}
    </span>
  );
}

/**
 * The header of spec 3 §2: logo, Search, Cart (with its badge), My space, the agency's custom
 * button, the demo tag, the language switch and the user menu or the sign-in buttons.
 * 68 px high; on tablets the navigation takes a second row (116 px); on phones it folds into a menu.
 */
export function Header() {
  const { t } = useLingui();
  const branding = useBranding();
  const user = useUser();
  const cart = useQuery({ ...cartQuery(), enabled: Boolean(user) });
  const cartCount = user ? (cart.data?.travels.length ?? 0) : 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const features = useFeatures();
  // This device's last single sign-on user: their company's button replaces Log in / Sign up (spec 3 §2).
  const { entry: ssoEntry, pending: ssoPending } = useSsoEntry(!user);
  const name = branding?.name ?? DEFAULT_NAME;
  const signedOut = t`Connectez-vous pour y accéder`;

  const logo = branding?.logo ? (
    <img src={branding.logo} alt={name} className="h-10 w-auto max-w-[min(15rem,45vw)] object-contain lg:max-w-40 xl:max-w-60" />
  ) : (
    <span className="text-xl font-bold text-brand">{name}</span>
  );

  const custom = features.customUrlPostReservation && (
    <a href={features.customUrlPostReservation.url} className={navItem}>
      <ExternalLink aria-hidden="true" size={20} />
      {features.customUrlPostReservation.label}
    </a>
  );

  return (
    <header className="relative bg-white shadow-[0_1px_0_0_var(--color-gray-200)] print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4">
        <div className="flex h-[68px] items-center gap-3">
          {features.disableHomeRedirectionOnLogo ? (
            logo
          ) : (
            <Link to="/" aria-label={t`${name} – accueil`} className="flex min-h-11 items-center rounded-lg">
              {logo}
            </Link>
          )}
          {user?.company?.config.test && (
            <span className="rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900" title={t`Mode démonstration`}>
              {t`Démo`}
            </span>
          )}
        </div>

        <button
          type="button"
          className="ml-auto flex size-11 items-center justify-center rounded-lg text-gray-900 hover:bg-gray-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="header-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
          <span className="sr-only">{t`Menu`}</span>
        </button>

        <div
          id="header-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} flex-col gap-3 max-md:absolute max-md:inset-x-0 max-md:top-full max-md:z-30 max-md:border-b max-md:border-gray-200 max-md:bg-white max-md:p-4 max-md:shadow-lg md:contents`}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false);
          }}
        >
          <nav aria-label={t`Navigation principale`} className="md:order-last md:h-12 md:w-full lg:order-none lg:h-[68px] lg:w-auto">
            <ul className="flex h-full flex-col gap-1 md:flex-row md:items-center">
              {!features.noTabMode && (
                <>
                  <li>
                    <Link to="/" className={navItem} activeOptions={{ exact: true }}>
                      <Search aria-hidden="true" size={20} />
                      {t`Rechercher`}
                    </Link>
                  </li>
                  <li>
                    {user ? (
                      <Link to="/cart" className={navItem}>
                        <ShoppingCart aria-hidden="true" size={20} />
                        {t`Panier`}
                        {cartCount > 0 && (
                          <span className="min-w-6 rounded-full bg-brand px-1.5 text-center text-sm font-bold text-brand-contrast">
                            {cartCount}
                            <span className="sr-only"> {t`articles`}</span>
                          </span>
                        )}
                      </Link>
                    ) : (
                      <DisabledItem icon={<ShoppingCart aria-hidden="true" size={20} />} reason={signedOut}>
                        {t`Panier`}
                      </DisabledItem>
                    )}
                  </li>
                  {features.enableAccountAccess && (
                    <li>
                      {user ? (
                        <Link to="/account/dashboard" className={navItem}>
                          <UserRound aria-hidden="true" size={20} />
                          {t`Mon espace`}
                        </Link>
                      ) : (
                        <DisabledItem icon={<UserRound aria-hidden="true" size={20} />} reason={signedOut}>
                          {t`Mon espace`}
                        </DisabledItem>
                      )}
                    </li>
                  )}
                </>
              )}
              {custom && <li>{custom}</li>}
            </ul>
          </nav>

          <div className="flex flex-wrap items-center gap-2 md:ml-auto md:h-[68px]">
            <LanguageSwitch />
            {user ? (
              <UserMenu user={user} />
            ) : ssoPending ? (
              // The remembered company's sign-in is being confirmed: its room, without a button yet.
              <span className="inline-block min-h-11 w-40" aria-hidden="true" />
            ) : ssoEntry ? (
              <>
                <SsoSignInButton redirectURL={ssoEntry} />
                <Button variant="link" onClick={forgetSsoUsername}>
                  {t`Autre compte`}
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="secondary"
                  onPointerEnter={() => preloadModal('Login')}
                  onFocus={() => preloadModal('Login')}
                  onClick={() => {
                    setMenuOpen(false);
                    openModal('Login');
                  }}
                >
                  {t`Se connecter`}
                </Button>
                <Button
                  onPointerEnter={() => preloadModal('Signup')}
                  onFocus={() => preloadModal('Signup')}
                  onClick={() => {
                    setMenuOpen(false);
                    openModal('Signup');
                  }}
                >
                  {t`Créer un compte`}
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
