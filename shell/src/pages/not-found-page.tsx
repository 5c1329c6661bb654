import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@reelmint/shared';
import styles from './pages.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.centered} data-testid="not-found">
      <p className={styles.code}>404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <LocalizedLink className={styles.primary} to="/">
        {t('notFound.home')}
      </LocalizedLink>
    </main>
  );
}
