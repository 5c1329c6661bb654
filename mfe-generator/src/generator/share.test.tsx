import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from '@reelmint/testing';
import { freshStudioEachTest, page, signIn, video } from '../test/studio.tsx';

freshStudioEachTest();

describe('sharing', () => {
  it('publishes a finished video, shows its link and views, marks it in the history, and stops sharing', async () => {
    let shared = false;
    const state = () => ({
      id: 'vid_1',
      shared,
      sharedAt: shared ? '2030-05-01T11:00:00Z' : null,
      shareUrl: shared ? 'http://localhost:5173/v/vid_1' : null,
      shareViews: shared ? 3 : 0,
    });
    fakeApi.use({
      'GET /api/videos/history': () => ok({ items: [video({ ...state() })], page: 1, perPage: 10, total: 1 }),
      'POST /api/videos/:id/share': () => {
        shared = true;
        return ok(state());
      },
      'DELETE /api/videos/:id/share': () => {
        shared = false;
        return ok(state());
      },
    });
    await signIn();
    await page();
    await userEvent.click(within(await screen.findByTestId('history-item')).getByRole('button', { name: /^Play/ }));
    expect(screen.getByText('Only you can see this video. Publishing it gives it a public page that anyone with the link can watch.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish link' }));
    const link = await screen.findByRole('textbox', { name: 'Public link' });
    expect(link).toHaveValue('http://localhost:5173/v/vid_1');
    // The pressed button was replaced: the focus went to the link, not back to the page.
    await waitFor(() => expect(link).toHaveFocus());
    expect(screen.getByTestId('share-views')).toHaveTextContent('3 views');
    await waitFor(() => expect(screen.getByTestId('history-shared')).toHaveTextContent('Shared · 3 views'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const publish = await screen.findByRole('button', { name: 'Publish link' });
    await waitFor(() => expect(publish).toHaveFocus());
    expect(fakeApi.callsTo('DELETE /api/videos/:id/share')).toHaveLength(1);
  });
});
