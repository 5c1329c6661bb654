import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, dateFormat } from '@reelmint/shared';
import { settingsErrorKey } from './settings-errors.ts';
import { useSignedInSessions } from './sessions-query.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

/** Every signed-in browser or device, and 'sign out everywhere else'. */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const sessions = useSignedInSessions();
  const items = sessions.data ?? null;
  const [outcome, setOutcome] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // A list that could not be read says why, in place of what the last action did.
  const status: Status = sessions.isError && !sessions.isFetching ? { kind: 'error', text: t(settingsErrorKey(sessions.error)) } : outcome;

  const signOutOthers = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await api.signOutOtherSessions();
      setOutcome({ kind: 'done', text: t('settings.sessions.signedOut') });
      await sessions.refetch();
    } catch (failure) {
      setOutcome({ kind: 'error', text: t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };

  const date = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const others = items?.filter((item) => !item.current).length ?? 0;

  return (
    <section className={styles.card} aria-labelledby="settings-sessions" aria-busy={items === null}>
      <h2 id="settings-sessions" className={styles.cardTitle}>
        {t('settings.sessions.title')}
      </h2>
      <p className={styles.hint}>{t('settings.sessions.lead')}</p>
      {items === null && status === null && (
        <p role="status" className={styles.hint}>
          {t('settings.loading')}
        </p>
      )}
      {items && (
        <ul className={styles.sessions} data-testid="sessions">
          {items.map((item) => (
            <li key={item.id} className={styles.session}>
              <span className={styles.device}>
                {item.browser ? t('settings.sessions.device', { browser: item.browser, os: item.os ?? '?' }) : t('settings.sessions.unknownDevice')}
                {item.current && <span className={styles.badgeOk}>{t('settings.sessions.current')}</span>}
              </span>
              <span className={styles.hint}>{t('settings.sessions.since', { date: date.format(new Date(item.createdAt)) })}</span>
            </li>
          ))}
        </ul>
      )}
      {items && others === 0 && <p className={styles.hint}>{t('settings.sessions.none')}</p>}
      {items && others > 0 && (
        <button type="button" className={styles.secondary} onClick={() => void signOutOthers()} disabled={busy}>
          {busy ? t('auth.working') : t('settings.sessions.signOutOthers')}
        </button>
      )}
      <SectionStatus status={status} testId="sessions-status" />
    </section>
  );
}
