import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, creditsStore } from '@reelmint/shared';
import { API_BASE, fail, fakeApi, networkError, ok } from '@reelmint/testing';
import { freshStudioEachTest, jobAccepted, modalRequests, page, signIn, video } from '../test/studio.tsx';

freshStudioEachTest();

const waiting = (overrides = {}) =>
  video({
    status: 'queued',
    progress: 0,
    videoUrl: null,
    posterUrl: null,
    finishedAt: null,
    queuePosition: 3,
    expectedStartSeconds: 150,
    expectedStartAt: '2030-05-01T10:02:30.000Z',
    ...overrides,
  });

describe('variations and the queue', () => {
  it('makes 1 to 4 variations, shows the run’s cost as one times N, and sends the count', async () => {
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted({ runId: 'run_1', videoIds: ['vid_1', 'vid_2', 'vid_3'], newBalance: 70 }),
      'GET /api/videos/status/:id': () => ok(waiting()),
    });
    await signIn({ balance: 100 });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Lanterns on a river');
    const group = await screen.findByRole('group', { name: 'Variations' });
    expect(within(group).getByRole('button', { name: '1' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: '3' }));
    expect(within(group).getByRole('button', { name: '3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('variations-cost')).toHaveTextContent('Run cost in credits: 10 × 3 = 30');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('30');
    // The cost is the run's, and its label says so.
    expect(screen.getByText('Cost of these 3 videos')).toBeInTheDocument();
    expect(screen.queryByText('Cost of this video')).toBeNull();

    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toMatchObject({ prompt: 'Lanterns on a river', variations: 3 });
    expect(creditsStore.getState().balance).toBe(70);
  });

  it('keeps the number of variations with the rest of the draft, through a reload', async () => {
    await signIn({ balance: 100 });
    const first = await page();
    const group = await screen.findByRole('group', { name: 'Variations' });
    await userEvent.click(within(group).getByRole('button', { name: '3' }));
    first.unmount();

    await page();
    const again = await screen.findByRole('group', { name: 'Variations' });
    expect(within(again).getByRole('button', { name: '3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('30');
  });

  it('asks for credits for the whole run before sending it', async () => {
    await signIn({ balance: 25 });
    await page();
    const modal = modalRequests();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Lanterns on a river');
    await userEvent.click(within(await screen.findByRole('group', { name: 'Variations' })).getByRole('button', { name: '3' }));
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(modal.requests).toEqual([expect.objectContaining({ needsCredits: { required: 30, available: 25 } })]);
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(0);
  });

  it('shows a waiting job’s place and expected start, and cancels it after asking', async () => {
    let cancelled = false;
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted(),
      'GET /api/videos/status/:id': () =>
        ok(
          cancelled
            ? waiting({ status: 'cancelled', queuePosition: null, refunded: true, errorCode: 'CANCELLED', finishedAt: '2030-05-01T10:00:09Z' })
            : waiting(),
        ),
      'POST /api/videos/:id/cancel': () => {
        cancelled = true;
        return ok({ id: 'vid_1', status: 'cancelled', refunded: 10, newBalance: 100 });
      },
    });
    await signIn({ balance: 100 });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Lanterns on a river');
    await userEvent.click(screen.getByTestId('generate-button'));

    expect(await screen.findByTestId('queue-place')).toHaveTextContent(/Place in the queue: 3 · expected start in about 3 min/);
    await userEvent.click(screen.getByTestId('cancel-job'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this video?' });
    // The safe choice has the focus; keeping the video sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fakeApi.callsTo('POST /api/videos/:id/cancel')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('cancel-job'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel video' }));
    expect(await screen.findByTestId('job-cancelled', {}, { timeout: 5000 })).toHaveTextContent('You cancelled this video');
    expect(screen.getByTestId('job-announcement')).toHaveTextContent('You cancelled this video');
    expect(screen.getByTestId('job-cancelled')).toHaveTextContent('Credits returned to your balance: 10');
    expect(fakeApi.callsTo('POST /api/videos/:id/cancel')).toHaveLength(1);
    expect(creditsStore.getState().balance).toBe(100);
  });

  it('says so when the job finished before the cancel arrived', async () => {
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted(),
      'GET /api/videos/status/:id': () => ok(waiting({ status: 'processing', queuePosition: null, progress: 50 })),
      'POST /api/videos/:id/cancel': () => fail(409, 'ALREADY_FINISHED', 'This video has already finished; there is nothing to cancel'),
    });
    await signIn({ balance: 100 });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Lanterns on a river');
    await userEvent.click(screen.getByTestId('generate-button'));
    const toasts: unknown[] = [];
    const listener = (toast: unknown) => toasts.push(toast);
    bus.on('toast', listener);
    try {
      await userEvent.click(await screen.findByTestId('cancel-job'));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel video' }));
      await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'This video has already finished, so there is nothing to cancel.' }]));
    } finally {
      bus.off('toast', listener);
    }
  });

  it('cancels every video of a run still being made, asks about all of them, and says what happened to all of them', async () => {
    const cancelledIds = new Set<string>();
    let balance = 80;
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted({ runId: 'run_1', videoIds: ['vid_1', 'vid_2'], newBalance: 80 }),
      'GET /api/videos/status/:id': (call) => {
        const id = call.params.id!;
        return ok(
          cancelledIds.has(id)
            ? waiting({ id, runId: 'run_1', status: 'cancelled', queuePosition: null, refunded: true, errorCode: 'CANCELLED' })
            : waiting({ id, runId: 'run_1' }),
        );
      },
      'POST /api/videos/:id/cancel': (call) => {
        const id = call.params.id!;
        cancelledIds.add(id);
        balance += 10;
        return ok({ id, status: 'cancelled', refunded: 10, newBalance: balance });
      },
    });
    await signIn({ balance: 100 });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Lanterns on a river');
    await userEvent.click(within(await screen.findByRole('group', { name: 'Variations' })).getByRole('button', { name: '2' }));
    await userEvent.click(screen.getByTestId('generate-button'));

    await userEvent.click(await screen.findByTestId('cancel-job'));
    // The question names every video it will stop, not only the one on the stage.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel these 2 videos?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 videos' }));

    const summary = await screen.findByTestId('run-cancelled');
    expect(summary).toHaveTextContent('You cancelled 2 videos');
    expect(summary).toHaveTextContent('Credits returned to your balance: 20');
    // One call per video: the API cancels one video at a time.
    expect(
      fakeApi
        .callsTo('POST /api/videos/:id/cancel')
        .map((call) => call.params.id)
        .sort(),
    ).toEqual(['vid_1', 'vid_2']);
    expect(creditsStore.getState().balance).toBe(100);
    await waitFor(() => expect(screen.getByTestId('result-panel')).toHaveAttribute('data-phase', 'failed'));
    // The summary stands for the run: no note about one cancelled video beside it, nothing said to be still rendering.
    expect(screen.queryByTestId('job-cancelled')).toBeNull();
    expect(screen.queryByTestId('run-others')).toBeNull();
    expect(screen.getByTestId('job-announcement')).toHaveTextContent('You cancelled 2 videos');
  });

  it('keeps and shows a video of the run that finished before its cancel arrived, and says which one it could not cancel', async () => {
    const finished = { vid_1: false, vid_2: false };
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted({ runId: 'run_1', videoIds: ['vid_1', 'vid_2', 'vid_3'], newBalance: 70 }),
      'GET /api/videos/status/:id': (call) => {
        const id = call.params.id!;
        if (id === 'vid_1' && finished.vid_1) {
          return ok(waiting({ id, runId: 'run_1', status: 'cancelled', queuePosition: null, refunded: true, errorCode: 'CANCELLED' }));
        }
        if (id === 'vid_2' && finished.vid_2) {
          return ok(video({ id, runId: 'run_1', variation: 2, videoUrl: `${API_BASE}/api/videos/vid_2/file?token=x` }));
        }
        return ok(waiting({ id, runId: 'run_1', status: 'processing', queuePosition: null, progress: 60 }));
      },
      'POST /api/videos/:id/cancel': (call) => {
        const id = call.params.id!;
        if (id === 'vid_1') {
          finished.vid_1 = true;
          return ok({ id, status: 'cancelled', refunded: 10, newBalance: 80 });
        }
        if (id === 'vid_2') {
          // It finished just before its cancel arrived.
          finished.vid_2 = true;
          return fail(409, 'ALREADY_FINISHED', 'This video has already finished; there is nothing to cancel');
        }
        return networkError();
      },
    });
    await signIn({ balance: 100 });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Lanterns on a river');
    await userEvent.click(within(await screen.findByRole('group', { name: 'Variations' })).getByRole('button', { name: '3' }));
    await userEvent.click(screen.getByTestId('generate-button'));

    await userEvent.click(await screen.findByTestId('cancel-job'));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel these 3 videos?' })).getByRole('button', { name: 'Cancel 3 videos' }));

    const summary = await screen.findByTestId('run-cancelled');
    expect(summary).toHaveTextContent('You cancelled 1 video');
    expect(summary).toHaveTextContent('Credits returned to your balance: 10');
    expect(summary).toHaveTextContent('1 video had already finished before the cancel arrived.');
    expect(summary).toHaveTextContent('1 video could not be cancelled and may still be rendering: The server cannot be reached.');
    expect(fakeApi.callsTo('POST /api/videos/:id/cancel')).toHaveLength(3);
    // The video that was ready first takes the stage in place of the cancelled one; the one still going is counted.
    expect(await screen.findByTestId('result-video')).toHaveAttribute('src', expect.stringContaining('/api/videos/vid_2/file'));
    expect(screen.getByTestId('run-cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('run-others')).toHaveTextContent('1 more variation from this prompt is still being made.');
  });

  it('after a reload mid-run, says how many other videos of the run are still being made beside the one shown', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_1');
    sessionStorage.setItem('reelmint:generator:run', JSON.stringify(['vid_1', 'vid_2', 'vid_3']));
    fakeApi.use({
      'GET /api/videos/status/:id': (call) =>
        call.params.id === 'vid_1'
          ? ok(video({ id: 'vid_1', runId: 'run_1', variation: 1 }))
          : ok(waiting({ id: call.params.id!, runId: 'run_1', status: 'processing', queuePosition: null, progress: 40 })),
    });
    await signIn();
    await page();
    expect(await screen.findByTestId('result-video')).toBeInTheDocument();
    expect(await screen.findByTestId('run-others')).toHaveTextContent('2 more variations from this prompt are still being made.');
    // The run is forgotten with the job it was kept for.
    expect(sessionStorage.getItem('reelmint:generator:run')).toBeNull();
  });

  it('groups the variations of a run in the history, with each waiting one’s place and a Cancel named after it', async () => {
    fakeApi.use({
      'GET /api/videos/history': () =>
        ok({
          items: [
            waiting({ id: 'vid_a', runId: 'run_1', variation: 1, prompt: 'Foxes in snow', queuePosition: 1, expectedStartSeconds: 0 }),
            waiting({ id: 'vid_b', runId: 'run_1', variation: 2, prompt: 'Foxes in snow', queuePosition: 2, expectedStartSeconds: 20 }),
            video({ id: 'vid_c', runId: 'run_0', variation: 1, prompt: 'Owls at dusk' }),
          ],
          page: 1,
          perPage: 10,
          total: 3,
        }),
    });
    await signIn();
    await page();
    const run = await screen.findByTestId('history-run');
    expect(run).toHaveTextContent('Variations from one prompt: 2');
    expect(within(run).getAllByTestId('history-item')).toHaveLength(2);
    expect(
      within(run)
        .getAllByTestId('history-variation')
        .map((p) => p.textContent),
    ).toEqual(['Variation 1', 'Variation 2']);
    expect((await within(run).findAllByTestId('history-queue-place'))[0]).toHaveTextContent('Place in the queue: 1 · starting any moment now');
    expect(within(run).getAllByRole('button', { name: 'Cancel the video: Foxes in snow' })).toHaveLength(2);
    // A run with one video left on the page is a plain item.
    expect(screen.getAllByTestId('history-item')).toHaveLength(3);
  });

  it('numbers each variation by its place in its run, the same after a delete and across pages', async () => {
    // Seven newer videos, then a run of four: its fourth variation falls on the second page.
    const singles = Array.from({ length: 7 }, (_, i) => video({ id: `vid_s${i}`, runId: `run_s${i}`, variation: 1, prompt: `Single ${i}` }));
    const run = [1, 2, 3, 4].map((n) => video({ id: `vid_r${n}`, runId: 'run_4', variation: n, prompt: 'Foxes in snow' }));
    let items = [...singles, ...run];
    fakeApi.use({
      'GET /api/videos/history': (call) => {
        const at = Number(call.url.searchParams.get('page'));
        return ok({ items: items.slice((at - 1) * 10, at * 10), page: at, perPage: 10, total: items.length });
      },
      'DELETE /api/videos/:id': (call) => {
        items = items.filter((item) => !call.path.endsWith(`/${item.id}`));
        return ok({ id: 'vid_r2', deleted: true });
      },
    });
    await signIn();
    await page();
    const labels = () => screen.getAllByTestId('history-variation').map((p) => p.textContent);
    await screen.findByTestId('history-run');
    expect(labels()).toEqual(['Variation 1', 'Variation 2', 'Variation 3']);

    // The run's last video, alone on the next page, still says which one it is.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(labels()).toEqual(['Variation 4']));

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(labels()).toEqual(['Variation 1', 'Variation 2', 'Variation 3']));
    await userEvent.click(within(screen.getByTestId('history-run')).getAllByRole('button', { name: 'Delete “Foxes in snow”' })[1]!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    // The others keep their numbers: the deleted one leaves a gap rather than renumbering them.
    await waitFor(() => expect(labels()).toEqual(['Variation 1', 'Variation 3', 'Variation 4']));
  });
});
