import { useEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
// As a file rather than the <style> element sonner would write, which the content security policy refuses (vite.config.ts).
import 'sonner/dist/styles.css';
import { REMOTE_SCREENS } from '@reelmint/contract/screens';
import { SHELL_PATHS } from './routes.ts';
import type { ShellPath } from './routes.ts';
import { Layout } from './layout.tsx';
import { LanguageRoute } from './language-route.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { BusBridge } from './bus-bridge.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { ScreenStack } from '../remotes/screen-stack.tsx';
import { ModalHost } from '../chrome/modal-host.tsx';
import { Toasts } from '../chrome/toasts.tsx';
import { SessionWatch } from '../session/session-watch.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { HeadTags } from '../i18n/head-tags.tsx';
import { LanguageUrlSync } from '../i18n/language-url-sync.tsx';
import { PublicReadsContext } from '@reelmint/shared';
import { drawnReads, useForgetDrawnReads } from '../boot/drawn-reads.ts';
import { markInteractive } from '../boot/interactive.ts';

const AuthPage = lazyScreen(() => import('../auth/auth-page.tsx'));
const ForgotPasswordPage = lazyScreen(() => import('../account/forgot-password-page.tsx'));
const ResetPasswordPage = lazyScreen(() => import('../account/reset-password-page.tsx'));
const VerifyEmailPage = lazyScreen(() => import('../account/verify-email-page.tsx'));
const AccountPage = lazyScreen(() => import('../account/account-page.tsx'));
// Only release managers open it: its own chunk, never fetched by visitors.
const ReleaseDashboardPage = lazyScreen(() => import('../release/dashboard/release-dashboard-page.tsx'));

/** The shell's own screens: every path the server counts as a page (routes.ts) has one. */
const SHELL_SCREENS: Record<ShellPath, ComponentType> = {
  '/auth': AuthPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
  '/account': AccountPage,
  '/release': ReleaseDashboardPage,
};

function screenRoutes(prefix: '' | 'lng') {
  const routes = REMOTE_SCREENS.map(({ path, remote, module }) => {
    const element = <ScreenStack key="remote-screens" remote={remote} module={module} />;
    if (prefix === 'lng') {
      return path === '/' ? <Route key={path} index element={element} /> : <Route key={path} path={path.slice(1)} element={element} />;
    }
    return <Route key={path} path={path} element={element} />;
  });
  for (const path of SHELL_PATHS) {
    const Screen = SHELL_SCREENS[path];
    routes.push(<Route key={path} path={prefix ? path.slice(1) : path} element={<Screen />} />);
  }
  return routes;
}

/**
 * Marks the page as React's once it has been committed in the browser (`<html data-interactive>`): a page drawn
 * on the server shows its content before that, but its buttons and fields do nothing until then.
 */
function useMarkInteractive() {
  useEffect(() => {
    markInteractive();
  }, []);
}

/** The whole site under a router: the browser's (App) or the server's, which draws the same tree for one address. */
export function AppRoutes() {
  useMarkInteractive();
  return (
    <>
      <ScrollToTop />
      <LanguageUrlSync />
      <HeadTags />
      <BusBridge />
      <SessionWatch />
      <Routes>
        <Route element={<Layout />}>
          {screenRoutes('')}
          <Route path=":lng" element={<LanguageRoute />}>
            {screenRoutes('lng')}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <ModalHost />
      <Toasts />
    </>
  );
}

/**
 * Holds the routes as its one child: the browser's tree must have the server's shape above every screen, since
 * React's `useId` makes an id from a component's place among its siblings. A sibling beside the routes gave every id
 * of a drawn screen another value in the browser than in the page taken over, which keeps the server's: a field
 * looked up by its id was not found, and a message drawn later did not match the field's aria-describedby.
 */
function ForgetDrawnReads({ children }: { children: ReactNode }) {
  useForgetDrawnReads();
  return children;
}

export function App() {
  return (
    // A move is drawn at once, not as a transition in slices: the likely next screens are drawn ahead, so a move to one
    // only shows it and removes the screen left, and one task gets its content on screen in about half the time. The
    // moves that wait for a language's strings (the language menu, the address bar's language) are transitions of their
    // own, so the page stays as it is until the strings are in.
    <BrowserRouter useTransitions={false}>
      <PublicReadsContext.Provider value={drawnReads}>
        <ForgetDrawnReads>
          <AppRoutes />
        </ForgetDrawnReads>
      </PublicReadsContext.Provider>
    </BrowserRouter>
  );
}
