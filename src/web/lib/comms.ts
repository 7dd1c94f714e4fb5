import { queryOptions } from '@tanstack/react-query';
import { create } from 'zustand';
import type { CommSupport } from '@contract/comms';
import { api } from './http';
import { entryPath } from '@contract/entries';

/**
 * The agency's messages for a page (spec 2 §7 GET /comms): global ones, those for the signed-in user's
 * company (hence the user in the key) and for the entity the page is about. Their schema loads with the
 * call, not with the home page.
 */
export const commsQuery = (support: CommSupport, userId: string | null, entityId: string | null = null) =>
  queryOptions({
    queryKey: ['comms', support, userId, entityId] as const,
    queryFn: ({ signal }) =>
      api.get(
        entryPath('comms', undefined, `support=${support}${entityId ? `&entityId=${encodeURIComponent(entityId)}` : ''}`),
        () => import('@contract/comms').then((m) => m.commsSchema),
        {
          signal,
          silent: true,
        },
      ),
    select: (comms) => comms[support] ?? [],
    staleTime: 5 * 60_000,
  });

const DISMISSED_KEY = 'escale.comms.dismissed';

function readDismissed(): string[] {
  try {
    const raw = sessionStorage.getItem(DISMISSED_KEY);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The messages the user closed: hidden on every page until the browser's session ends. */
export const useDismissedComms = create<{ ids: string[] }>(() => ({ ids: readDismissed() }));

export function dismissComm(id: string) {
  const ids = [...new Set([...useDismissedComms.getState().ids, id])];
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: closed for this page only.
  }
  useDismissedComms.setState({ ids });
}
