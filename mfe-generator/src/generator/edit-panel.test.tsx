import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, clearSession } from '@reelmint/shared';
import type { PlanKey, SubscriptionModalRequest, ToastKind } from '@reelmint/shared';
import { deferred, fail, fakeApi, networkError, ok, renderWithProviders, setupFakeApi, signIn } from '@reelmint/testing';
import type { Handlers, Reply } from '@reelmint/testing';
import { video } from '../test/studio.tsx';
import type { EditEstimate, EditReply, HistoryPage, VideoRecord } from './video-api.ts';
import { editRequest, initialForm, moveClip } from './edit-form.lazy.ts';
import GeneratorPage from './generator-page.tsx';

const SOURCE = video({ id: 'vid_src', prompt: 'Lanterns over a river' });

/** The signed-in member's history holds the source video; `extra` answers the edit calls. */
function routes(extra: Handlers = {}): Handlers {
  return { 'GET /api/videos/history': () => ok({ items: [SOURCE], page: 1, perPage: 10, total: 1 }), ...extra };
}

/** Signs in on `plan` with 500 credits, opens the generator and puts the history's first video on the stage. */
async function onStage(plan: PlanKey) {
  await act(async () => {
    signIn({ plan, balance: 500 });
  });
  renderWithProviders(<GeneratorPage />, { route: '/text-to-video/generator' });
  await userEvent.click(within((await screen.findAllByTestId('history-item'))[0]!).getByRole('button', { name: /^Play/ }));
  return screen.findByTestId('edit-panel');
}

setupFakeApi();
beforeEach(() => sessionStorage.clear());
// The edit panel's and the delete question's code are fetched when first wanted; compiling them once here keeps that
// out of a test's wait (the first compile took over 15 s on a loaded machine).
beforeAll(async () => {
  await Promise.all([import('./edit-panel.lazy.tsx'), import('./confirm-panel.lazy.tsx')]);
});
afterEach(async () => {
  await act(async () => clearSession());
  vi.unstubAllGlobals();
});

describe('edit requests', () => {
  it('sends only the fields of the chosen kind, and holds back a trim under a second or a merge of one clip', () => {
    const form = initialForm(SOURCE);
    expect(editRequest(SOURCE, { ...form, start: 1, end: 2.5 })).toEqual({ request: { kind: 'trim', videoId: 'vid_src', start: 1, end: 2.5 } });
    expect(editRequest(SOURCE, { ...form, start: 2, end: 2.5 })).toEqual({ problem: 'trimShort' });
    expect(editRequest(SOURCE, { ...form, start: 3, end: 2 })).toEqual({ problem: 'trimRange' });
    expect(editRequest(SOURCE, form)).toEqual({ problem: 'trimWhole' });
    expect(editRequest(SOURCE, { ...form, kind: 'reframe', aspectRatio: '9:16', focusX: 20 })).toEqual({
      request: { kind: 'reframe', videoId: 'vid_src', aspectRatio: '9:16', mode: 'crop', focusX: 0.2, focusY: 0.5 },
    });
    expect(editRequest(SOURCE, { ...form, kind: 'reframe', mode: 'fit' })).toEqual({
      request: { kind: 'reframe', videoId: 'vid_src', aspectRatio: '9:16', mode: 'fit' },
    });
    expect(editRequest(SOURCE, { ...form, kind: 'merge' })).toEqual({ problem: 'mergeCount' });
    expect(moveClip(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveClip(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('the edit panel', () => {
  it('shows Free members editing locked, and its upgrade opens the plan that includes it', async () => {
    fakeApi.use(routes());
    const requests: SubscriptionModalRequest[] = [];
    const listener = (request: SubscriptionModalRequest) => requests.push(request);
    bus.on('subscription:open', listener);
    try {
      const panel = await onStage('free');
      expect(await within(panel).findByTestId('edit-locked')).toHaveTextContent('Editing comes with the Max plan');
      await userEvent.click(within(panel).getByRole('button', { name: 'Upgrade to Max' }));
      expect(requests.at(-1)).toMatchObject({ needsPlan: { feature: 'advancedEditing', plan: 'premium' } });
    } finally {
      bus.off('subscription:open', listener);
    }
  });

  it('asks the server for the cost of a trim before offering it, then queues it and follows its progress', async () => {
    fakeApi.use(
      routes({
        'POST /api/videos/edits/estimate': () =>
          ok({ kind: 'trim', cost: 2, balance: 500, enough: true, seconds: 3, duration: '3s', aspectRatio: '16:9', width: 912, height: 512 }),
        'POST /api/videos/edits': () =>
          ok({
            id: 'vid_edit',
            status: 'queued',
            cost: 2,
            newBalance: 498,
            transactionId: 'tx',
            replayed: false,
            progress: 0,
            type: 'edit',
            createdAt: new Date().toISOString(),
          }),
        'GET /api/videos/status/vid_edit': () =>
          ok(video({ id: 'vid_edit', status: 'processing', progress: 40, type: 'edit', videoUrl: null, posterUrl: null })),
      }),
    );
    const panel = await onStage('premium');
    const end = await within(panel).findByLabelText('End: 5 s');
    // jsdom has no range input behaviour of its own: the handle's new value arrives as a change.
    fireEvent.change(end, { target: { value: '3' } });
    expect(within(panel).getByText('Keeps 3 s of 5 s')).toBeInTheDocument();
    const confirm = await within(panel).findByRole('button', { name: 'Edit for 2 credits' });
    expect(within(panel).getByTestId('edit-estimate')).toHaveTextContent('This edit costs 2 credits.');
    expect(fakeApi.callsTo('POST /api/videos/edits/estimate').at(-1)?.body).toEqual({ kind: 'trim', videoId: 'vid_src', start: 0, end: 3 });
    await userEvent.click(confirm);
    await waitFor(() => expect(fakeApi.calls.filter((c) => c.method === 'POST' && c.path === '/api/videos/edits')).toHaveLength(1));
    expect(fakeApi.calls.filter((c) => c.method === 'POST' && c.path === '/api/videos/edits')[0]!.headers['idempotency-key']).toEqual(expect.any(String));
    expect(await screen.findByTestId('job-status')).toHaveTextContent('40');
  });

  it('starts the form afresh for each video put on the stage', async () => {
    const other = video({ id: 'vid_other', prompt: 'Harbour lights at dawn', duration: '3s' });
    fakeApi.use(routes({ 'GET /api/videos/history': () => ok({ items: [SOURCE, other], page: 1, perPage: 10, total: 2 }) }));
    const panel = await onStage('premium');
    fireEvent.change(await within(panel).findByLabelText('End: 5 s'), { target: { value: '3' } });
    expect(within(panel).getByText('Keeps 3 s of 5 s')).toBeInTheDocument();

    const [first, second] = screen.getAllByTestId('history-item');
    await userEvent.click(within(second!).getByRole('button', { name: /^Play/ }));
    expect(await within(screen.getByTestId('edit-panel')).findByLabelText('End: 3 s')).toHaveValue('3');
    await userEvent.click(within(first!).getByRole('button', { name: /^Play/ }));
    const again = screen.getByTestId('edit-panel');
    expect(await within(again).findByLabelText('End: 5 s')).toHaveValue('5');
    expect(within(again).queryByText('Keeps 3 s of 5 s')).toBeNull();
  });

  it('keeps the video on the stage while an edit is sent, and says beside the form why the server refused it', async () => {
    const reply = deferred<Reply<EditReply>>();
    fakeApi.use(
      routes({
        'POST /api/videos/edits/estimate': () =>
          ok({ kind: 'trim', cost: 2, balance: 500, enough: true, seconds: 3, duration: '3s', aspectRatio: '16:9', width: 912, height: 512 }),
        'POST /api/videos/edits': () => reply.promise,
      }),
    );
    const panel = await onStage('premium');
    fireEvent.change(await within(panel).findByLabelText('End: 5 s'), { target: { value: '3' } });
    const confirm = await within(panel).findByRole('button', { name: 'Edit for 2 credits' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    expect(confirm).toBeDisabled();

    await act(async () => reply.resolve(fail(409, 'VIDEO_NOT_READY', 'Only finished videos can be edited')));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Only finished videos can be edited.');
    expect(screen.getByTestId('result-video')).toBeInTheDocument();
    expect(confirm).toBeEnabled();
  });

  it('asks the cost once the handle stops, and shows only the answer for the form as it is now', async () => {
    const trimTo = (end: number, cost: number): EditEstimate => ({
      kind: 'trim',
      cost,
      balance: 500,
      enough: true,
      seconds: end,
      duration: `${end}s`,
      aspectRatio: '16:9',
      width: 912,
      height: 512,
    });
    const late = deferred<Reply<EditEstimate>>();
    fakeApi.use(
      routes({
        'POST /api/videos/edits/estimate': (call) => ((call.body as { end: number }).end === 4 ? late.promise : ok(trimTo(3, 2))),
      }),
    );
    const panel = await onStage('premium');
    const end = await within(panel).findByLabelText('End: 5 s');
    fireEvent.change(end, { target: { value: '4' } });
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/edits/estimate')).toHaveLength(1));
    expect(within(panel).getByTestId('edit-estimate')).toHaveTextContent('Working out the cost…');
    expect(within(panel).getByTestId('edit-confirm')).toBeDisabled();

    // The handle moves on before that answer is in: one more question, for where it stopped.
    for (const value of ['3.8', '3.5', '3.2', '3']) fireEvent.change(end, { target: { value } });
    expect(await within(panel).findByRole('button', { name: 'Edit for 2 credits' })).toBeEnabled();
    expect(fakeApi.callsTo('POST /api/videos/edits/estimate').map((call) => call.body)).toEqual([
      { kind: 'trim', videoId: 'vid_src', start: 0, end: 4 },
      { kind: 'trim', videoId: 'vid_src', start: 0, end: 3 },
    ]);
    await act(async () => late.resolve(ok(trimTo(4, 7))));
    expect(within(panel).getByTestId('edit-estimate')).toHaveTextContent('This edit costs 2 credits.');
    expect(within(panel).queryByRole('button', { name: 'Edit for 7 credits' })).toBeNull();
  });

  it('says why the server refused an edit, and sends a member without enough credits to get more', async () => {
    fakeApi.use(
      routes({
        'POST /api/videos/edits/estimate': (call) =>
          (call.body as { kind: string }).kind === 'speed'
            ? ok({ kind: 'speed', cost: 3, balance: 1, enough: false, seconds: 10, duration: '10s', aspectRatio: '16:9', width: 912, height: 512 })
            : fail(422, 'EDIT_CHANGES_NOTHING', 'This clip is already 16:9'),
      }),
    );
    const requests: SubscriptionModalRequest[] = [];
    const listener = (request: SubscriptionModalRequest) => requests.push(request);
    bus.on('subscription:open', listener);
    try {
      const panel = await onStage('premium');
      await userEvent.click(within(panel).getByTestId('edit-kind-extend'));
      expect(await within(panel).findByText('This would not change anything. Choose something different.')).toBeInTheDocument();
      await userEvent.click(within(panel).getByTestId('edit-kind-speed'));
      await userEvent.click(within(panel).getByTestId('speed-0.5'));
      expect(await within(panel).findByText('Your balance of 1 is not enough.')).toBeInTheDocument();
      await userEvent.click(within(panel).getByRole('button', { name: 'Edit for 3 credits' }));
      expect(requests.at(-1)).toMatchObject({ needsCredits: { required: 3, available: 1 } });
    } finally {
      bus.off('subscription:open', listener);
    }
  });
});

describe('the original of an edit', () => {
  const TRIMMED = video({
    id: 'vid_trim',
    type: 'edit',
    prompt: 'Lanterns over a river',
    duration: '3s',
    videoUrl: SOURCE.videoUrl!.replace('vid_1', 'vid_trim'),
    sourceId: 'vid_src',
    edit: { kind: 'trim', sourceIds: ['vid_src'], start: 0, end: 3 },
  });

  it('puts the original on the stage, read afresh each time, and says so when it was deleted since', async () => {
    const held = { source: true };
    fakeApi.use({
      'GET /api/videos/history': () => ok({ items: [TRIMMED], page: 1, perPage: 10, total: 1 }),
      'GET /api/videos/status/vid_src': () => (held.source ? ok(SOURCE) : fail(404, 'VIDEO_NOT_FOUND', 'Video not found')),
    });
    const toasts: { kind: ToastKind; message: string }[] = [];
    const listener = (toast: { kind: ToastKind; message: string }) => toasts.push(toast);
    bus.on('toast', listener);
    try {
      await act(async () => {
        signIn({ plan: 'premium', balance: 500 });
      });
      renderWithProviders(<GeneratorPage />, { route: '/text-to-video/generator' });
      const item = (await screen.findAllByTestId('history-item'))[0]!;
      await userEvent.click(within(item).getByTestId('show-source'));
      const stage = screen.getByTestId('result-panel');
      await waitFor(() => expect(within(stage).getByTestId('result-video')).toHaveAttribute('src', SOURCE.videoUrl));
      expect(within(stage).queryByTestId('edited-from')).toBeNull();

      held.source = false;
      await userEvent.click(within(item).getByRole('button', { name: /^Play/ }));
      await userEvent.click(await within(stage).findByTestId('show-source'));
      await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'The original video was deleted.' }]));
      expect(within(stage).getByTestId('edited-from')).toBeInTheDocument();
      expect(fakeApi.callsTo('GET /api/videos/status/vid_src')).toHaveLength(2);
    } finally {
      bus.off('toast', listener);
    }
  });
});

describe('the merge picker', () => {
  const HARBOUR = video({ id: 'vid_harbour', prompt: 'Harbour lights at dawn', duration: '3s' });
  const FAILED = video({ id: 'vid_failed', prompt: 'A storm that never rendered', status: 'failed', videoUrl: null, posterUrl: null });
  const pageOf = (items: VideoRecord[], perPage: number): HistoryPage => ({ items, page: 1, perPage, total: items.length });
  /** The picker's reads of the history: its one page of up to 50, apart from the history panel's pages of 10. */
  const clipReads = () => fakeApi.callsTo('GET /api/videos/history').filter((call) => call.url.searchParams.get('per_page') === '50');

  /**
   * The history holds the source, another finished clip and a failed one; `picker` answers the picker's reads in
   * turn (the last answer again after that), `items` is what the history holds now.
   */
  function historyRoutes(picker: (Reply<HistoryPage> | Promise<Reply<HistoryPage>>)[], held: { items: VideoRecord[] }) {
    return routes({
      'GET /api/videos/history': (call) =>
        call.url.searchParams.get('per_page') === '50' ? picker[Math.min(clipReads().length, picker.length) - 1]! : ok(pageOf(held.items, 10)),
      'POST /api/videos/edits/estimate': () =>
        ok({ kind: 'merge', cost: 4, balance: 500, enough: true, seconds: 8, duration: '8s', aspectRatio: '16:9', width: 912, height: 512 }),
    });
  }

  it('offers the finished clips once merge is chosen, merges them in the order chosen, and reads them again when reopened', async () => {
    const first = deferred<Reply<HistoryPage>>();
    const held = { items: [SOURCE, HARBOUR, FAILED] };
    fakeApi.use(historyRoutes([first.promise, ok(pageOf(held.items, 50))], held));
    const panel = await onStage('premium');
    expect(clipReads()).toHaveLength(0);

    await userEvent.click(within(panel).getByTestId('edit-kind-merge'));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Loading your clips…');
    expect(within(panel).getByTestId('edit-estimate')).toHaveTextContent('Choose 2 to 10 clips to merge.');
    await act(async () => first.resolve(ok(pageOf(held.items, 50))));
    const pick = await within(panel).findByTestId('merge-pick');
    const picked = within(pick).getAllByRole('listitem');
    expect(picked).toHaveLength(2);
    expect(picked[0]).toHaveTextContent(/^Lanterns over a river5s · 16:9 · .+Add$/);
    expect(picked[1]).toHaveTextContent(/^Harbour lights at dawn3s · 16:9 · .+Add$/);

    await userEvent.click(within(pick).getByRole('button', { name: /^Add clip 2 of 2: “Harbour lights at dawn”, 3s · 16:9 · / }));
    const order = within(within(panel).getByTestId('merge-order')).getAllByRole('listitem');
    expect(order.map((item) => item.querySelector('img + span > span')?.textContent)).toEqual(['Lanterns over a river', 'Harbour lights at dawn']);
    expect(await within(panel).findByRole('button', { name: 'Edit for 4 credits' })).toBeEnabled();
    expect(fakeApi.callsTo('POST /api/videos/edits/estimate').at(-1)?.body).toEqual({
      kind: 'merge',
      videoIds: ['vid_src', 'vid_harbour'],
      transition: 'cut',
    });
    expect(clipReads()).toHaveLength(1);

    // Away and back: the clips read before stay in view while they are read again.
    await userEvent.click(within(panel).getByTestId('edit-kind-trim'));
    await userEvent.click(within(panel).getByTestId('edit-kind-merge'));
    expect(within(panel).getByRole('button', { name: /“Harbour lights at dawn”/ })).toBeInTheDocument();
    await waitFor(() => expect(clipReads()).toHaveLength(2));
  });

  it('says why the clips could not be read, and when there is none to add', async () => {
    const held = { items: [SOURCE] };
    fakeApi.use(historyRoutes([networkError(), ok(pageOf([FAILED], 50))], held));
    const panel = await onStage('premium');
    await userEvent.click(within(panel).getByTestId('edit-kind-merge'));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The server cannot be reached. Check your connection and try again.');
    expect(within(panel).queryByTestId('merge-pick')).toBeNull();

    await userEvent.click(within(panel).getByTestId('edit-kind-speed'));
    await userEvent.click(within(panel).getByTestId('edit-kind-merge'));
    expect(await within(panel).findByText('You have no other finished clips yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(clipReads()).toHaveLength(2);
  });

  it('stops offering a clip deleted from the history at once, without reading the clips again', async () => {
    const held = { items: [SOURCE, HARBOUR] };
    fakeApi.use(historyRoutes([ok(pageOf(held.items, 50))], held));
    fakeApi.on('DELETE /api/videos/:id', (call) => {
      held.items = held.items.filter((item) => call.params.id !== item.id);
      return ok({ id: call.params.id!, deleted: true });
    });
    const panel = await onStage('premium');
    await userEvent.click(within(panel).getByTestId('edit-kind-merge'));
    expect(await within(panel).findByRole('button', { name: /“Harbour lights at dawn”/ })).toBeInTheDocument();

    await userEvent.click(within(screen.getByTestId('history')).getByRole('button', { name: 'Delete “Harbour lights at dawn”' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /“Harbour lights at dawn”/ })).toBeNull());
    expect(within(panel).getByRole('button', { name: /^Add clip 1 of 1: “Lanterns over a river”/ })).toBeInTheDocument();
    expect(clipReads()).toHaveLength(1);
  });

  it('tells apart clips with the same prompt, by what was done to them and when, in the row and in the Add button', async () => {
    const trimmed = video({
      id: 'vid_trim',
      type: 'edit',
      prompt: 'Lanterns over a river',
      duration: '3s',
      createdAt: '2030-05-01T10:05:00.000Z',
      sourceId: 'vid_src',
      edit: { kind: 'trim', sourceIds: ['vid_src'], start: 0, end: 3 },
    });
    const held = { items: [trimmed, SOURCE] };
    fakeApi.use(historyRoutes([ok(pageOf(held.items, 50))], held));
    const panel = await onStage('premium');
    await userEvent.click(within(panel).getByTestId('edit-kind-merge'));
    const pick = await within(panel).findByTestId('merge-pick');
    const adds = within(pick).getAllByRole('button');
    const names = adds.map((button) => button.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toMatch(/^Add clip 1 of 2: “Lanterns over a river”, 3s · 16:9 · Trimmed to 0–3 s · /);
    expect(names[1]).toMatch(/^Add clip 2 of 2: “Lanterns over a river”, 5s · 16:9 · /);
    expect(within(pick).getByText(/Trimmed to 0–3 s/)).toBeInTheDocument();
  });
});

describe('trimming by keyboard', () => {
  it('moves a handle by 0.05 s with an arrow, and by a second with Shift and an arrow', async () => {
    fakeApi.use(
      routes({
        'POST /api/videos/edits/estimate': () =>
          ok({ kind: 'trim', cost: 2, balance: 500, enough: true, seconds: 4, duration: '4s', aspectRatio: '16:9', width: 912, height: 512 }),
      }),
    );
    const panel = await onStage('premium');
    const end = await within(panel).findByLabelText('End: 5 s');
    expect(end).toHaveAccessibleDescription('Arrow keys move a handle by 0.05 s; with Shift held, by 1 s.');
    end.focus();
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(within(panel).getByLabelText('End: 4 s')).toHaveValue('4');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}');
    expect(within(panel).getByLabelText('End: 2 s')).toBe(end);
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}');
    // Never past the clip's end.
    expect(within(panel).getByLabelText('End: 5 s')).toBe(end);
    const start = within(panel).getByLabelText('Start: 0 s');
    start.focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(within(panel).getByLabelText('Start: 0 s')).toBe(start);
    await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(within(panel).getByLabelText('Start: 1 s')).toBe(start);
    expect(within(panel).getByText('Keeps 4 s of 5 s')).toBeInTheDocument();
  });
});
