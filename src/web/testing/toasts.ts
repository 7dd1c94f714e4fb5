import { screen, within } from '@testing-library/react';

/** The toasts on screen now (none when the toaster was never needed). */
export function shownToasts(): HTMLElement[] {
  const region = screen.queryByRole('region', { name: 'Notifications' });
  return region ? within(region).queryAllByRole('listitem') : [];
}

/** Waits for the toast region and returns it. */
export const findToasts = async () => within(await screen.findByRole('region', { name: 'Notifications' }));
