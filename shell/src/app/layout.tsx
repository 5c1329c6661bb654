import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Header } from '../chrome/header.tsx';
import { Footer } from '../chrome/footer.tsx';
import { RegionLoading } from '../remotes/remote-region.tsx';
import { ScreenErrorBoundary } from '../pages/screen-error.tsx';
import { OverrideBanner } from '../release/override-banner.tsx';
import styles from './layout.module.css';

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main-content">
        {t('header.skip')}
      </a>
      <Header />
      <div id="main-content" className={styles.content} tabIndex={-1}>
        <ScreenErrorBoundary>
          <Suspense fallback={<RegionLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </div>
      <Footer />
      <OverrideBanner />
    </div>
  );
}
