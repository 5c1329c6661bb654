import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@reelmint/shared';
import type { ToastKind } from '@reelmint/shared';
import { Dialog } from './dialog.tsx';
import { renderWithProviders } from '@reelmint/testing';

// The modal's chunk cannot be fetched (a dropped connection, a deploy that removed it).
vi.mock('./modal-panel.lazy.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('dialog', () => {
  const toasts: { kind: ToastKind; message: string }[] = [];
  const onToast = (toast: { kind: ToastKind; message: string }) => toasts.push(toast);
  afterEach(() => {
    bus.off('toast', onToast);
    toasts.length = 0;
  });

  it('says so in the page’s language and counts as dismissed when its code cannot be fetched', async () => {
    bus.on('toast', onToast);
    const onDismiss = vi.fn();
    await renderWithProviders(
      <Dialog labelledBy="title" onDismiss={onDismiss}>
        <h2 id="title">Receipts</h2>
      </Dialog>,
      { route: '/de/pricing', language: 'de' },
    );
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(1));
    expect(toasts).toEqual([{ kind: 'error', message: 'Dieses Fenster konnte nicht geöffnet werden. Prüfe deine Verbindung und versuche es erneut.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
