import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore, bus, clearSession } from '@reelmint/shared';
import { fail, fakeApi, ok, renderWithProviders, setupFakeApi } from '@reelmint/testing';
import { Toasts } from '../chrome/toasts.tsx';
import { JobWatcher } from './watch-jobs.tsx';

setupFakeApi();

const english =
  import.meta.glob<Record<string, unknown>>('../../public/locales/en/translation.json', { eager: true, import: 'default' })[
    '../../public/locales/en/translation.json'
  ] ?? {};
const resources = { en: { translation: english } };

const showAgain = () => document.dispatchEvent(new Event('visibilitychange'));

describe("the shell's job watcher", () => {
  afterEach(() => {
    clearSession();
    document.title = '';
  });

  it('announces a video that ended since it last asked in a toast and the title, until the page is seen', async () => {
    document.title = 'Pricing | Reelmint';
    const answers = [
      ok({ ended: [], active: 1, now: '2026-01-01T00:00:00.000Z' }),
      ok({
        ended: [
          {
            id: 'vid_1',
            type: 'text-to-video' as const,
            outcome: 'ready' as const,
            title: 'A kite',
            path: '/text-to-video/generator',
            finishedAt: '2026-01-01T00:00:02.000Z',
          },
        ],
        active: 0,
        now: '2026-01-01T00:00:03.000Z',
      }),
    ];
    fakeApi.on('GET /api/notifications/ended', () => answers.shift() ?? ok({ ended: [], active: 0, now: '2026-01-01T00:00:04.000Z' }));
    await renderWithProviders(
      <>
        <JobWatcher />
        <Toasts />
      </>,
      { route: '/en/pricing', resources, signedIn: true },
    );
    await waitFor(() => expect(fakeApi.callsTo('GET /api/notifications/ended')).toHaveLength(1));
    // The first answer only sets where the next one starts: nothing is announced from before the page opened.
    expect(fakeApi.callsTo('GET /api/notifications/ended')[0]!.url.searchParams.get('since')).toBeNull();

    showAgain();
    const toast = await screen.findByText('Your video is ready: “A kite”');
    expect(fakeApi.callsTo('GET /api/notifications/ended')[1]!.url.searchParams.get('since')).toBe('2026-01-01T00:00:00.000Z');
    expect(within(toast.closest('li')!).getByRole('button', { name: 'Open' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('✓ Video ready – Pricing | Reelmint'));

    // Moving the focus inside the page is not the person looking; a key is.
    document.body.dispatchEvent(new FocusEvent('focus'));
    expect(document.title).toBe('✓ Video ready – Pricing | Reelmint');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    expect(document.title).toBe('Pricing | Reelmint');
  });

  it('leaves a video the studio’s stage is following to the stage while the tab is in view, and tells of the others', async () => {
    const ended = (id: string, title: string) => ({
      id,
      type: 'text-to-video' as const,
      outcome: 'ready' as const,
      title,
      path: '/text-to-video/generator',
      finishedAt: '2026-01-01T00:00:02.000Z',
    });
    const answers = [
      ok({ ended: [], active: 2, now: '2026-01-01T00:00:00.000Z' }),
      ok({ ended: [ended('vid_staged', 'On the stage'), ended('vid_other', 'Another one')], active: 0, now: '2026-01-01T00:00:03.000Z' }),
    ];
    fakeApi.on('GET /api/notifications/ended', () => answers.shift() ?? ok({ ended: [], active: 0, now: '2026-01-01T00:00:04.000Z' }));
    await renderWithProviders(
      <>
        <JobWatcher />
        <Toasts />
      </>,
      { route: '/en/text-to-video/generator', resources, signedIn: true },
    );
    await waitFor(() => expect(fakeApi.callsTo('GET /api/notifications/ended')).toHaveLength(1));
    bus.emit('studio:stage', { id: 'vid_staged' });
    showAgain();
    await screen.findByText('Your video is ready: “Another one”');
    expect(screen.queryByText('Your video is ready: “On the stage”')).toBeNull();
    bus.emit('studio:stage', { id: null });
  });

  it('says a failed video was refunded', async () => {
    document.title = 'Studio';
    const answers = [
      ok({ ended: [], active: 1, now: '2026-01-01T00:00:00.000Z' }),
      ok({
        ended: [{ id: 'vid_2', type: 'edit' as const, outcome: 'failed' as const, title: '', path: '/generator', finishedAt: '2026-01-01T00:00:02.000Z' }],
        active: 0,
        now: '2026-01-01T00:00:03.000Z',
      }),
    ];
    fakeApi.on('GET /api/notifications/ended', () => answers.shift() ?? ok({ ended: [], active: 0, now: '2026-01-01T00:00:04.000Z' }));
    await renderWithProviders(
      <>
        <JobWatcher />
        <Toasts />
      </>,
      { route: '/en/generator', resources, signedIn: true },
    );
    await waitFor(() => expect(fakeApi.callsTo('GET /api/notifications/ended')).toHaveLength(1));
    showAgain();
    expect(await screen.findByText('Your video could not be made: “untitled video”. Its credits were refunded.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('✕ Video failed – Studio'));
  });
  it('ends a session the API no longer knows quietly: signed out, and the page is not taken to sign-in', async () => {
    const moves: unknown[] = [];
    const onNavigate = (move: unknown) => moves.push(move);
    bus.on('navigate', onNavigate);
    fakeApi.on('GET /api/notifications/ended', fail(401, 'UNAUTHENTICATED', 'Sign in to continue'));
    await renderWithProviders(<JobWatcher />, { route: '/en/pricing', resources, signedIn: true });
    await waitFor(() => expect(authStore.getState().token).toBeNull());
    expect(fakeApi.callsTo('GET /api/notifications/ended')).toHaveLength(1);
    expect(moves).toEqual([]);
    bus.off('navigate', onNavigate);
  });
});
