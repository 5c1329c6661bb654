import { lazy, Suspense, useSyncExternalStore } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPaymentDue, useAuth } from '@reelmint/shared';
import { Header } from '../chrome/header.tsx';
import { Footer } from '../chrome/footer.tsx';
import { RegionLoading } from '../remotes/remote-region.tsx';
import { ScreenErrorBoundary } from '../pages/screen-error.tsx';
import { JobWatcher } from '../notify/watch-jobs.tsx';
import { getOverrideReport, isQuietReport, subscribeOverrideReport } from '../release/override-report.ts';
import styles from './layout.module.css';

// Only a browser that asked for other remote versions has anything to show, so the banner's code comes when it does.
const OverrideBanner = lazy(() => import('../release/override-banner.tsx').then((module) => ({ default: module.OverrideBanner })));

function OverrideBannerWhenNeeded() {
  // A page the server drew has no banner; the browser adds it right after taking the page over. Read as whether there
  // is anything to say, so a quiet report (every visit without overrides) draws nothing again after the take-over.
  const quiet = useSyncExternalStore(
    subscribeOverrideReport,
    () => isQuietReport(getOverrideReport()),
    () => true,
  );
  if (quiet) return null;
  // A banner that cannot load leaves the page as it is: the overrides themselves are already applied or refused.
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <OverrideBanner />
      </Suspense>
    </ErrorBoundary>
  );
}

// Only an account whose renewal failed has anything to show, so the banner's code comes when it does.
const PaymentDueBanner = lazy(() => import('../account/payment-due.tsx').then((module) => ({ default: module.PaymentDueBanner })));

function PaymentDueWhenNeeded() {
  // A drawn page is signed out, and so is the take-over: the banner follows right after, for such an account only.
  const due = useAuth((s) => Boolean(s.token) && isPaymentDue(s.user?.planStatus));
  if (!due) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <PaymentDueBanner />
      </Suspense>
    </ErrorBoundary>
  );
}

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main-content">
        {t('header.skip')}
      </a>
      <Header />
      <PaymentDueWhenNeeded />
      <div id="main-content" className={styles.content} tabIndex={-1}>
        <ScreenErrorBoundary>
          <Suspense fallback={<RegionLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </div>
      <Footer />
      <OverrideBannerWhenNeeded />
      <JobWatcher />
    </div>
  );
}
