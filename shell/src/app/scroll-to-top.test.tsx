import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top.tsx';

describe('scroll on a move', () => {
  const scrollTo = vi.fn();
  const scrolledInto: string[] = [];
  beforeEach(() => {
    vi.stubGlobal('scrollTo', scrollTo);
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledInto.push(this.id);
    };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    scrollTo.mockReset();
    scrolledInto.length = 0;
    document.body.querySelectorAll('[data-later]').forEach((element) => element.remove());
  });

  function mount(path: string, page: React.ReactNode = null) {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <ScrollToTop />
              {page}
            </>
          ),
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('opens a page at the top, and again after every move', async () => {
    const router = mount('/en/faqs');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/en/pricing'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrolledInto).toEqual([]);
  });

  it('opens an address that names a section at that section, not at the top', () => {
    mount('/en/privacy-policy#privacy-children', <h2 id="privacy-children">Children</h2>);
    expect(scrolledInto).toEqual(['privacy-children']);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('goes to a section drawn after the move (a screen still loading), once it is there', async () => {
    mount('/en/terms-of-service#terms-credits');
    expect(scrolledInto).toEqual([]);
    const section = document.createElement('section');
    section.id = 'terms-credits';
    section.dataset.later = '';
    await act(async () => {
      document.body.append(section);
      await Promise.resolve();
    });
    expect(scrolledInto).toEqual(['terms-credits']);
  });

  it('takes a fragment that names nothing, or cannot be read, as no section', () => {
    mount('/en/faqs#%E0%A4%A');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrolledInto).toEqual([]);
  });
});
