import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, fireEvent } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { API_BASE, emptyPage, fail, fakeApi, networkError, ok } from '@reelmint/testing';
import { freshStudioEachTest, page, signIn, video } from '../test/studio.tsx';
import { POLL_INTERVAL_MS } from './use-generation.ts';

freshStudioEachTest();
// The browser's connection as TanStack Query knows it is global: a test that went offline comes back online.
afterEach(() => onlineManager.setOnline(true));

// The question's code is fetched when first wanted; compiling it here, once, keeps that out of the first
// assertion's wait (the module stays unloaded for the code under test, which fetches it itself).
beforeAll(async () => {
  await import('./confirm-panel.lazy.tsx');
});

describe('history', () => {
  it('lists past videos and deletes one after an accessible confirmation', async () => {
    let items = [
      video(),
      video({ id: 'vid_2', prompt: 'Snow on a quiet street', status: 'failed', error: 'render failed', refunded: true, videoUrl: null, posterUrl: null }),
    ];
    fakeApi.use({
      'GET /api/videos/history': () => ok({ items, page: 1, perPage: 10, total: items.length }),
      'DELETE /api/videos/:id': (call) => {
        items = items.filter((item) => !call.path.endsWith(item.id));
        return ok({ id: 'vid_1', deleted: true });
      },
    });
    await signIn();
    await page();
    const history = await screen.findByTestId('history');
    expect(await within(history).findAllByTestId('history-item')).toHaveLength(2);
    expect(within(history).getByText('Credits returned')).toBeInTheDocument();
    expect(fakeApi.callsTo('GET /api/videos/history')[0]!.url.searchParams.get('per_page')).toBe('10');

    const opener = within(history).getByRole('button', { name: 'Delete “A paper boat on a rainy street”' });
    await userEvent.click(opener);
    // The first question brings the dialog's code: it appears once that has arrived.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this video?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.callsTo('DELETE /api/videos/:id')).toHaveLength(0);

    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(history).getAllByTestId('history-item')).toHaveLength(1));
    expect(fakeApi.callsTo('DELETE /api/videos/vid_1')).toHaveLength(1);
    // The button that opened the dialog went with the video: focus lands on the list's heading, not on <body>.
    expect(within(history).getByRole('heading', { name: 'Your videos' })).toHaveFocus();
  });

  it('goes back to the last page that exists when a delete empties the page shown', async () => {
    let items = Array.from({ length: 11 }, (_, i) => video({ id: `vid_${i}`, prompt: `Video number ${i}` }));
    fakeApi.use({
      'GET /api/videos/history': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        return ok({ items: items.slice((page - 1) * 10, page * 10), page, perPage: 10, total: items.length });
      },
      'DELETE /api/videos/:id': (call) => {
        items = items.filter((item) => !call.path.endsWith(`/${item.id}`));
        return ok({ id: 'vid_10', deleted: true });
      },
    });
    await signIn();
    await page();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Video number 10”' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video number 0')).toBeInTheDocument();
    expect(screen.queryByTestId('history-empty')).toBeNull();
    expect(screen.getAllByTestId('history-item')).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: 'Pages of your videos' })).toBeNull();
  });

  it('names each Download by its video, and plays a past video while a job is made, the job kept above it', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_9');
    fakeApi.use({
      'GET /api/videos/history': () => ok({ items: [video()], page: 1, perPage: 10, total: 1 }),
      'GET /api/videos/status/:id': () => ok(video({ id: 'vid_9', status: 'processing', progress: 30, videoUrl: null })),
    });
    await signIn({ plan: 'premium', balance: 500 });
    await page();
    const history = await screen.findByTestId('history');
    expect(await within(history).findByRole('button', { name: 'Download “A paper boat on a rainy street”' })).toBeEnabled();
    const stage = screen.getByTestId('result-panel');
    expect(stage).toHaveAttribute('data-phase', 'running');
    const play = within(history).getByRole('button', { name: 'Play “A paper boat on a rainy street”' });
    expect(play).toBeEnabled();

    await userEvent.click(play);
    expect(within(stage).getByTestId('result-video')).toHaveAttribute('src', expect.stringContaining('/api/videos/vid_1/file'));
    expect(within(stage).getByRole('heading', { name: 'Preview' })).toHaveFocus();
    const bar = within(stage).getByTestId('job-bar');
    expect(within(bar).getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '30');
    // One job at a time: an edit of the clip watched waits for the one being made, and says so (the panel's code comes
    // when a finished video is first shown).
    const panel = await within(stage).findByTestId('edit-panel');
    expect(within(panel).getByTestId('edit-waits')).toHaveTextContent('You can start this edit once the video being made is ready.');
    expect(within(panel).getByTestId('edit-confirm')).toBeDisabled();

    await userEvent.click(within(bar).getByRole('button', { name: 'Show progress' }));
    expect(within(stage).queryByTestId('result-video')).toBeNull();
    expect(within(stage).getByRole('progressbar', { name: 'Generation progress' })).toHaveFocus();
  });

  it('says over the video watched that the job is ready, and shows it when asked, not before', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_9');
    let polls = 0;
    fakeApi.use({
      'GET /api/videos/history': () => ok({ items: [video()], page: 1, perPage: 10, total: 1 }),
      'GET /api/videos/status/:id': () => {
        polls += 1;
        return polls === 1
          ? ok(video({ id: 'vid_9', status: 'processing', progress: 80, videoUrl: null }))
          : ok(video({ id: 'vid_9', prompt: 'Lanterns over a river', videoUrl: `${API_BASE}/api/videos/vid_9/file?token=x` }));
      },
    });
    await signIn();
    // Only the poll's interval is faked, from before the job is picked up again: the next check comes when the test says.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await page();
    const history = await screen.findByTestId('history');
    const stage = screen.getByTestId('result-panel');
    await within(stage).findByText('Rendering your video… 80%');
    await userEvent.click(within(history).getByRole('button', { name: 'Play “A paper boat on a rainy street”' }));
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));

    const bar = await within(stage).findByTestId('job-bar');
    await waitFor(() => expect(bar).toHaveAttribute('data-phase', 'succeeded'));
    expect(bar).toHaveTextContent('Your video is ready.');
    expect(within(stage).getByTestId('job-announcement')).toHaveTextContent('Your video is ready.');
    // The clip being watched stays on the stage.
    expect(within(stage).getByTestId('result-video')).toHaveAttribute('src', expect.stringContaining('/vid_1/'));
    await userEvent.click(within(bar).getByRole('button', { name: 'Show it' }));
    expect(within(stage).getByTestId('result-video')).toHaveAttribute('src', expect.stringContaining('/vid_9/'));
    expect(within(stage).queryByTestId('job-bar')).toBeNull();
  });

  it('filters by video type and pages through', async () => {
    fakeApi.use({
      'GET /api/videos/history': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        return ok({ items: [video({ id: `vid_p${page}`, prompt: `Video on page ${page}` })], page, perPage: 10, total: 15 });
      },
    });
    await signIn();
    await page();
    expect(await screen.findByText('Video on page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Video on page 2')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'image-to-video');
    await screen.findByText('Video on page 1');
    const last = fakeApi.callsTo('GET /api/videos/history').at(-1)!;
    expect(last.url.searchParams.get('videoType')).toBe('image-to-video');
    expect(last.url.searchParams.get('page')).toBe('1');
  });

  it('shows an empty state, and an error a person can retry', async () => {
    let down = true;
    fakeApi.use({ 'GET /api/videos/history': () => (down ? fail(500, 'INTERNAL_ERROR', 'boom') : ok(emptyPage())) });
    await signIn();
    await page();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/Your videos could not be loaded/)).toBeInTheDocument();
    down = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('No videos yet.');
  });

  it('keeps the videos shown when a new filter cannot be read, says why, and reads it again once back online', async () => {
    let reachable = true;
    fakeApi.use({
      'GET /api/videos/history': (call) =>
        !reachable
          ? networkError()
          : call.url.searchParams.get('videoType') === 'edit'
            ? ok({ items: [video({ id: 'vid_e', prompt: 'A trimmed paper boat', type: 'edit' })], page: 1, perPage: 10, total: 1 })
            : ok({ items: [video()], page: 1, perPage: 10, total: 1 }),
    });
    await signIn();
    await page();
    const history = await screen.findByTestId('history');
    expect(await within(history).findByText('A paper boat on a rainy street')).toBeInTheDocument();

    reachable = false;
    act(() => {
      fireEvent(window, new Event('offline'));
    });
    await userEvent.selectOptions(within(history).getByLabelText('Show'), 'edit');
    const alert = await within(history).findByRole('alert');
    expect(alert).toHaveTextContent('You are offline, so your videos could not be refreshed.');
    expect(alert).toHaveTextContent('The list below is the one loaded before.');
    expect(within(history).getByText('A paper boat on a rainy street')).toBeInTheDocument();
    expect(within(history).queryByTestId('history-empty')).toBeNull();

    reachable = true;
    act(() => {
      fireEvent(window, new Event('online'));
    });
    expect(await within(history).findByText('A trimmed paper boat')).toBeInTheDocument();
    expect(within(history).queryByRole('alert')).toBeNull();
    expect(within(history).queryByText('A paper boat on a rainy street')).toBeNull();
  });

  it('keeps the list when the server refuses a refresh, and its Try again reads it', async () => {
    let down = false;
    fakeApi.use({ 'GET /api/videos/history': () => (down ? fail(500, 'INTERNAL_ERROR', 'boom') : ok({ items: [video()], page: 1, perPage: 10, total: 1 })) });
    await signIn();
    await page();
    const history = await screen.findByTestId('history');
    await within(history).findByText('A paper boat on a rainy street');
    down = true;
    await userEvent.selectOptions(within(history).getByLabelText('Show'), 'text-to-video');
    expect(await within(history).findByRole('alert')).toHaveTextContent('Your videos could not be refreshed. Something went wrong (INTERNAL_ERROR 500).');
    expect(within(history).getAllByTestId('history-item')).toHaveLength(1);
    down = false;
    await userEvent.click(within(history).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(history).queryByRole('alert')).toBeNull());
    expect(within(history).getAllByTestId('history-item')).toHaveLength(1);
  });
});
