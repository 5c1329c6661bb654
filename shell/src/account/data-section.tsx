import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@reelmint/shared';
import { settingsErrorKey } from './settings-errors.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

/** Hands a JSON document to the browser as a file download. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file over; the object URL is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'Download my data': everything the site keeps about the account, as one JSON file. */
export function DataSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const data = await api.exportData();
      saveJson(data, `reelmint-data-${new Date().toISOString().slice(0, 10)}.json`);
      setStatus({ kind: 'done', text: t('settings.data.ready') });
    } catch (failure) {
      setStatus({ kind: 'error', text: t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="settings-data">
      <h2 id="settings-data" className={styles.cardTitle}>
        {t('settings.data.title')}
      </h2>
      <p className={styles.hint}>{t('settings.data.lead')}</p>
      <button type="button" className={styles.secondary} onClick={() => void download()} disabled={busy}>
        {busy ? t('auth.working') : t('settings.data.download')}
      </button>
      <SectionStatus status={status} testId="data-status" />
    </section>
  );
}
