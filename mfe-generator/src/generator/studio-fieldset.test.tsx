import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { StudioFieldset } from './studio-fieldset.tsx';

describe('the studio taken over from the HTML the server drew', () => {
  it('starts disabled, is enabled once the browser owns it, and draws the studio inside only once', async () => {
    let renders = 0;
    function Studio() {
      renders += 1;
      return <textarea aria-label="Prompt" />;
    }
    const page = (
      <StudioFieldset waiting={false}>
        <Studio />
      </StudioFieldset>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(container.querySelector('fieldset')).toHaveAttribute('disabled');
    document.body.append(container);
    renders = 0;
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('fieldset')).not.toHaveAttribute('disabled');
    expect(renders).toBe(1);
    container.remove();
  });
});
