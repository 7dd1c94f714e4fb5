import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { OfflineNotice } from './OfflineNotice';
import { renderApp } from '../testing/render';

describe('OfflineNotice', () => {
  it('says, only offline, when the data shown was read, and announces it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderApp(<OfflineNotice updatedAt={Date.parse('2026-11-24T09:30:00Z')} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(region.textContent).toMatch(/^Hors ligne — données du 24\/11\/2026 \d{2}:30 \(.+\)$/);
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(region.textContent).toBe('');
  });
});
