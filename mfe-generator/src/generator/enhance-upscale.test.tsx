import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyPage, fail, fakeApi, ok } from '@reelmint/testing';
import { freshStudioEachTest, modalRequests, page, signIn, video } from '../test/studio.tsx';

freshStudioEachTest();

// The parts' code is fetched when first drawn; compiling it here, once, keeps that out of the first assertion's wait.
beforeAll(async () => {
  await Promise.all([import('./prompt-enhancer.lazy.tsx'), import('./upscale-panel.lazy.tsx'), import('./edit-panel.lazy.tsx')]);
});

describe('the prompt enhancer', () => {
  it('proposes a prompt to edit, labelled with what wrote it, and puts it in the prompt only when taken; nothing is charged', async () => {
    fakeApi.use({
      'POST /api/videos/enhance-prompt': ok({ prompt: 'A lighthouse at night, slow push-in, storm light.', source: 'provider', fallback: false }),
    });
    await signIn({ plan: 'pro' });
    await page();
    const enhance = await screen.findByRole('button', { name: 'Enhance prompt' });
    expect(enhance).toBeDisabled();
    const prompt = screen.getByLabelText('Prompt');
    await userEvent.type(prompt, 'a lighthouse');
    await userEvent.click(enhance);

    const panel = await screen.findByTestId('enhance-panel');
    const proposal = await within(panel).findByLabelText('Edit the proposal before you use it');
    expect(proposal).toHaveFocus();
    expect(within(panel).getByTestId('enhance-source')).toHaveTextContent('Written by a language model');
    expect(fakeApi.callsTo('POST /api/videos/enhance-prompt')[0]!.body).toMatchObject({
      prompt: 'a lighthouse',
      mode: 'text',
      model: 'v1.0',
      resolution: '512p',
    });

    await userEvent.type(proposal, ' Waves crash.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Use this prompt' }));
    expect(prompt).toHaveValue('A lighthouse at night, slow push-in, storm light. Waves crash.');
    expect(screen.queryByTestId('enhance-panel')).toBeNull();
    expect(enhance).toHaveFocus();
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(0);
  });

  it('says why a proposal failed and asks again; a fallback says the local enhancer wrote it; discarding keeps the prompt', async () => {
    let calls = 0;
    fakeApi.on('POST /api/videos/enhance-prompt', () => {
      calls += 1;
      return calls === 1 ? fail(429, 'RATE_LIMITED', 'Too many requests') : ok({ prompt: 'A kite. Smooth pan to the left.', source: 'local', fallback: true });
    });
    await signIn({ plan: 'free' });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'a kite');
    await userEvent.click(await screen.findByRole('button', { name: 'Enhance prompt' }));
    const panel = await screen.findByTestId('enhance-panel');
    expect(await within(panel).findByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('enhance-source')).toHaveTextContent(
      'Written by the local enhancer (no AI model)The language model did not answer, so the local enhancer wrote this one.',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('a kite');
  });
});

describe('upscaling', () => {
  async function showFinished(plan: 'free' | 'pro' | 'premium', resolution: '512p' | '720p' = '512p') {
    fakeApi.use({ 'GET /api/videos/history': ok({ ...emptyPage(), items: [video({ resolution })], total: 1 }) });
    await signIn({ plan });
    await page();
    const history = await screen.findByTestId('history');
    await userEvent.click(await within(history).findByRole('button', { name: 'Play “A paper boat on a rainy street”' }));
    return screen.findByTestId('upscale-panel');
  }

  it('offers a Pro member the next resolution at the formula’s price and queues it as an edit', async () => {
    fakeApi.on('POST /api/videos/edits', (call) =>
      ok(
        {
          id: 'vid_up',
          status: 'queued',
          cost: 4,
          newBalance: 96,
          transactionId: 'tx_1',
          progress: 0,
          type: 'edit',
          sourceId: (call.body as { videoId: string }).videoId,
          createdAt: new Date().toISOString(),
          replayed: false,
        },
        202,
      ),
    );
    const panel = await showFinished('pro');
    expect(panel).toHaveTextContent('Makes a 720p copy of this 512p clip');
    await userEvent.click(within(panel).getByRole('button', { name: 'Upscale to 720p for 4 credits' }));
    expect(fakeApi.callsTo('POST /api/videos/edits')[0]!.body).toEqual({ kind: 'upscale', videoId: 'vid_1' });
  });

  it('locks it on Free, naming Pro, and its upgrade asks for the plan that allows it', async () => {
    const modal = modalRequests();
    const locked = await showFinished('free');
    expect(within(locked).getByTestId('upscale-locked')).toHaveTextContent('Upscaling is included from the Pro plan.');
    await userEvent.click(within(locked).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(modal.requests[0]).toMatchObject({ needsPlan: { feature: 'hd720p', plan: 'pro' } });
    modal.stop();
  });

  it('says a Pro member’s 720p clip is at the plan’s highest', async () => {
    const panel = await showFinished('pro', '720p');
    expect(within(panel).getByTestId('upscale-at-maximum')).toHaveTextContent('This clip is already 720p, the highest resolution your plan makes.');
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
