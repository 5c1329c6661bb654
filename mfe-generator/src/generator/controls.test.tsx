import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { creditCost } from '@reelmint/shared';
import { fakeApi } from '@reelmint/testing';
import { freshStudioEachTest, jobAccepted, page, signIn } from '../test/studio.tsx';

freshStudioEachTest();

/** Opens "More settings", which fetches the controls' code the first time. */
async function openControls() {
  await userEvent.click(await screen.findByText('More settings'));
  return screen.findByTestId('generation-controls');
}

describe('keyframes, camera motion and sound', () => {
  it('locks sound on a model without it, naming the one that has it', async () => {
    await signIn({ balance: 100 });
    await page();
    await openControls();
    const audio = screen.getByRole('checkbox', { name: 'Generate sound' });
    expect(audio).toBeDisabled();
    expect(audio).toHaveAccessibleDescription(/The v1\.0 model cannot use this\. Choose v2\.0 to turn it on\./);
    // Text mode offers a start frame, which both models take.
    expect(screen.getByRole('button', { name: 'Start frame (optional)' })).toBeEnabled();
  });

  it('prices sound with the shared formula and sends the camera motion and sound with the video', async () => {
    fakeApi.use({ 'POST /api/videos/generate': () => jobAccepted({ cost: 19, newBalance: 81 }) });
    await signIn({ balance: 100, plan: 'premium' });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Waves on a pier');
    await userEvent.click(screen.getByRole('button', { name: 'v2.0' }));
    await openControls();
    const cost = screen.getByTestId('generation-cost');
    expect(cost).toHaveTextContent(`${creditCost({ model: 'v2.0', resolution: '512p', duration: '5s' })} credits`);

    await userEvent.selectOptions(screen.getByLabelText('Camera motion'), 'Orbit');
    const audio = screen.getByRole('checkbox', { name: 'Generate sound' });
    expect(audio).toBeEnabled();
    await userEvent.click(audio);
    expect(cost).toHaveTextContent(`${creditCost({ model: 'v2.0', resolution: '512p', duration: '5s', audio: true })} credits`);

    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toMatchObject({
      type: 'text-to-video',
      model: 'v2.0',
      cameraMotion: 'orbit',
      audio: true,
    });
  });

  it('does not send sound chosen on a model that has it once another model is chosen', async () => {
    fakeApi.use({ 'POST /api/videos/generate': () => jobAccepted() });
    await signIn({ balance: 100, plan: 'premium' });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Waves on a pier');
    await userEvent.click(screen.getByRole('button', { name: 'v2.0' }));
    await openControls();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Generate sound' }));
    await userEvent.click(screen.getByRole('button', { name: 'v1.0' }));
    expect(screen.getByRole('checkbox', { name: 'Generate sound' })).not.toBeChecked();
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('10 credits');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).not.toHaveProperty('audio');
  });
});
