import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenModules } from './screen-modules.ts';
import { ScreenStack } from './screen-stack.tsx';
import { containerOf, forgetContainers, prepareScreens } from './ahead-screens.tsx';
import { forgetPrepared } from './prepared-screens.ts';
import type { PreparedScreen } from './prepared-screens.ts';

function Home() {
  return <h1>Home</h1>;
}

/** A screen with state of its own and the address it sees. */
function Pricing() {
  const { pathname, search } = useLocation();
  const [picked, setPicked] = useState(0);
  return (
    <section>
      <h1>Pricing</h1>
      <p data-testid="address">{`${pathname}${search}`}</p>
      <button type="button" onClick={() => setPicked((n) => n + 1)}>
        Picked {picked}
      </button>
    </section>
  );
}

/** How often a part of the pricing screen under its links was drawn: a move to the screen drawn ahead must not draw it again. */
let partsDrawn = 0;

function PricingPart() {
  partsDrawn += 1;
  return <p>Plans</p>;
}

/** Reads the router as a screen's links and buttons do. */
function PricingLinks() {
  const navigate = useNavigate();
  return (
    <div>
      <Link to="/en">Back home</Link>
      <button type="button" onClick={() => void navigate('/en')}>
        Go home
      </button>
      <PricingPart />
    </div>
  );
}

function PricingWithLinks() {
  return (
    <section>
      <h1>Pricing</h1>
      <PricingLinks />
    </section>
  );
}

const SCREENS: Record<string, ComponentType> = { 'marketing./HomePage': Home, 'billing./PricingPage': Pricing };
const PRICING: PreparedScreen = { remote: 'billing', module: './PricingPage', path: '/pricing' };

function Moves() {
  const navigate = useNavigate();
  return (
    <nav>
      <button type="button" onClick={() => void navigate('/en')}>
        to home
      </button>
      <button type="button" onClick={() => void navigate('/en/pricing')}>
        to pricing
      </button>
      <button type="button" onClick={() => void navigate('/en/pricing?plan=max')}>
        to max
      </button>
    </nav>
  );
}

function renderSite(at: string, screens: Record<string, ComponentType> = SCREENS) {
  return render(
    <ScreenModules.Provider value={(remote, module) => screens[`${remote}${module}`]}>
      <MemoryRouter initialEntries={[at]}>
        <Moves />
        <main>
          <Routes>
            <Route path=":lng">
              <Route index element={<ScreenStack key="screens" remote="marketing" module="./HomePage" />} />
              <Route path="pricing" element={<ScreenStack key="screens" remote="billing" module="./PricingPage" />} />
            </Route>
          </Routes>
        </main>
      </MemoryRouter>
    </ScreenModules.Provider>,
  );
}

async function prepare(screens: PreparedScreen[], also: PreparedScreen[] = []) {
  let drawn = Promise.resolve();
  // React draws within the first act (which flushes its work); the second waits for the drawing to be seen.
  act(() => {
    drawn = prepareScreens(screens, also);
  });
  await act(() => drawn);
}

describe('screens drawn ahead of a move', () => {
  afterEach(() => {
    forgetPrepared();
    forgetContainers();
  });

  it('draws a likely next screen out of the page, for the address its link opens', async () => {
    renderSite('/en');
    await prepare([PRICING]);
    // The page holds only its own screen: one heading, nothing a screen reader or a test finds twice.
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Home']);
    const drawn = containerOf(PRICING);
    expect(drawn.isConnected).toBe(false);
    expect(drawn.querySelector('h1')?.textContent).toBe('Pricing');
    expect(drawn.querySelector('[data-testid="address"]')?.textContent).toBe('/en/pricing');
  });

  it('a move shows the screen already drawn, in place of the one left', async () => {
    const user = userEvent.setup();
    renderSite('/en');
    await prepare([PRICING]);
    const drawnHeading = containerOf(PRICING).querySelector('h1');
    await user.click(screen.getByRole('button', { name: 'to pricing' }));
    expect(screen.getByRole('heading')).toBe(drawnHeading);
    expect(screen.queryByText('Home')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Picked 0' })).toBeVisible();
  });

  it('a move does not draw the screen again, under its links included, and they still lead on', async () => {
    const user = userEvent.setup();
    renderSite('/en', { ...SCREENS, 'billing./PricingPage': PricingWithLinks });
    await prepare([PRICING]);
    const drawnBefore = partsDrawn;
    expect(drawnBefore).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'to pricing' }));
    expect(screen.getByRole('heading').textContent).toBe('Pricing');
    expect(partsDrawn).toBe(drawnBefore);
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/en');
    await user.click(screen.getByRole('button', { name: 'Go home' }));
    expect(screen.getByRole('heading').textContent).toBe('Home');
  });

  it("drawing screens ahead does not draw the page's own screen again", async () => {
    renderSite('/en/pricing', { ...SCREENS, 'billing./PricingPage': PricingWithLinks });
    const drawnBefore = partsDrawn;
    expect(drawnBefore).toBeGreaterThan(0);
    await prepare([{ remote: 'marketing', module: './HomePage', path: '/' }]);
    expect(containerOf({ remote: 'marketing', module: './HomePage', path: '/' }).querySelector('h1')?.textContent).toBe('Home');
    expect(partsDrawn).toBe(drawnBefore);
  });

  it('a screen left starts afresh on the next visit', async () => {
    const user = userEvent.setup();
    renderSite('/en');
    await prepare([PRICING]);
    await user.click(screen.getByRole('button', { name: 'to pricing' }));
    await user.click(screen.getByRole('button', { name: 'Picked 0' }));
    expect(screen.getByRole('button', { name: 'Picked 1' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'to home' }));
    expect(screen.getByRole('heading').textContent).toBe('Home');
    await prepare([PRICING]);
    await user.click(screen.getByRole('button', { name: 'to pricing' }));
    expect(screen.getByRole('button', { name: 'Picked 0' })).toBeVisible();
  });

  it('opened at another address than it was drawn for, the screen sees the real one', async () => {
    const user = userEvent.setup();
    renderSite('/en');
    await prepare([PRICING]);
    await user.click(screen.getByRole('button', { name: 'to max' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/en/pricing?plan=max');
  });

  it('the page it was first drawn with is drawn ahead once left, for a quick way back', async () => {
    const user = userEvent.setup();
    const HOME: PreparedScreen = { remote: 'marketing', module: './HomePage', path: '/' };
    renderSite('/en');
    const firstHeading = screen.getByRole('heading');
    await prepare([PRICING], [HOME]);
    // While it is on view, the page's own screen stays where it was drawn.
    expect(screen.getByRole('heading')).toBe(firstHeading);
    expect(containerOf(HOME).childElementCount).toBe(0);
    await user.click(screen.getByRole('button', { name: 'to pricing' }));
    await prepare([HOME]);
    const drawnHome = containerOf(HOME).querySelector('h1');
    expect(drawnHome?.textContent).toBe('Home');
    await user.click(screen.getByRole('button', { name: 'to home' }));
    expect(screen.getByRole('heading')).toBe(drawnHome);
  });

  it('a screen the visitor reached before it was drawn ahead stays as it is when the preload comes', async () => {
    const user = userEvent.setup();
    renderSite('/en');
    await user.click(screen.getByRole('button', { name: 'to pricing' }));
    await user.click(screen.getByRole('button', { name: 'Picked 0' }));
    await prepare([{ remote: 'marketing', module: './HomePage', path: '/' }], [PRICING]);
    expect(screen.getByRole('button', { name: 'Picked 1' })).toBeVisible();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Pricing']);
  });
});
