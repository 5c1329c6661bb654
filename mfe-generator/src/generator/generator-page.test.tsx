import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../shared/test/render.tsx';
import GeneratorPage from './generator-page.tsx';

describe('GeneratorPage', () => {
  it('shows the live cost from the shared cost function as settings change', async () => {
    await renderScreen(<GeneratorPage />, { path: '/text-to-video/generator' });
    expect(await screen.findByTestId('generation-cost')).toHaveTextContent('This video costs 10 credits');
    await userEvent.selectOptions(screen.getByLabelText('Resolution'), '1080p');
    await userEvent.selectOptions(screen.getByLabelText('Duration'), '10s');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('This video costs 40 credits');
  });

  it('marks the mode of the URL as the selected tab', async () => {
    await renderScreen(<GeneratorPage />, { path: '/fr/image-to-video/generator' });
    expect(await screen.findByRole('tab', { name: 'Image to video' })).toHaveAttribute('aria-selected', 'true');
  });
});
