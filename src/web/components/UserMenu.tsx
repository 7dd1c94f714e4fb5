import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ListTodo from 'lucide-react/icons/list-todo';
import Building2 from 'lucide-react/icons/building-2';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import type { User } from '@contract/account';
import { logoutMutation } from '../lib/logout';

/** The signed-in user's first name and company, opening My space / Log out (spec 3 §2 header); the agency's staff (the user's agencyQueue link) also reach their work queue, its administrators (agencyAdmin) the agency's area. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const loggingOut = useMutation(logoutMutation());

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-left hover:bg-gray-100"
      >
        <UserRound aria-hidden="true" size={22} className="shrink-0 text-brand" />
        <span className="leading-tight">
          <span className="block font-semibold text-gray-900">{user.firstname}</span>
          {user.company && <span className="block text-sm text-gray-700">{user.company.name}</span>}
        </span>
        <ChevronDown aria-hidden="true" size={18} />
      </button>
      <ul id={menuId} hidden={!open} className="absolute right-0 z-30 mt-1 min-w-52 rounded-lg border border-gray-200 bg-white py-1 shadow-lg">
        {user.links.agencyQueue && (
          <li>
            <Link to="/agency/queue" onClick={() => setOpen(false)} className="flex min-h-11 items-center gap-2 px-4 text-gray-900 hover:bg-gray-100">
              <ListTodo aria-hidden="true" size={18} />
              {t`File de l’agence`}
            </Link>
          </li>
        )}
        {user.links.agencyAdmin && (
          <li>
            <Link to="/agency-admin" onClick={() => setOpen(false)} className="flex min-h-11 items-center gap-2 px-4 text-gray-900 hover:bg-gray-100">
              <Building2 aria-hidden="true" size={18} />
              {t`Agence`}
            </Link>
          </li>
        )}
        {user.features.enableAccountAccess && (
          <li>
            <Link to="/account/dashboard" onClick={() => setOpen(false)} className="flex min-h-11 items-center gap-2 px-4 text-gray-900 hover:bg-gray-100">
              <UserRound aria-hidden="true" size={18} />
              {t`Mon espace`}
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            disabled={loggingOut.isPending}
            onClick={() => {
              setOpen(false);
              loggingOut.mutate();
            }}
            className="flex min-h-11 w-full items-center gap-2 px-4 text-left text-gray-900 hover:bg-gray-100"
          >
            <LogOut aria-hidden="true" size={18} />
            {t`Se déconnecter`}
          </button>
        </li>
      </ul>
    </div>
  );
}
