import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request, useAuth } from '@reelmint/shared';
import type { NotificationSettings } from '@reelmint/contract/notification-api';
import type { PushState } from '../notify/push.ts';
import { settingsErrorKey } from './settings-errors.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

// Service worker and subscription code comes when the section asks the browser, not with the page.
const loadPush = () => import('../notify/push.ts');

function useNotificationSettings(session: string | null) {
  return useQuery({
    queryKey: ['notification-settings', session] as const,
    queryFn: () => request<NotificationSettings>('GET', '/api/notifications/settings'),
    enabled: session !== null,
  });
}

/** Being told when a video is ready or failed: push notifications in this browser, and mail. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const ids = { title: useId(), push: useId(), mail: useId() };
  const session = useAuth((s) => s.token);
  const settings = useNotificationSettings(session);
  const queryClient = useQueryClient();
  const [push, setPush] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Status>(null);
  // The box shows the person's choice at once, and the saved value again once the API has answered.
  const [mailChoice, setMailChoice] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    loadPush()
      .then((module) => module.pushState())
      .then(
        (state) => live && setPush(state),
        () => live && setPush('unsupported'),
      );
    return () => {
      live = false;
    };
  }, []);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', text: await work() });
    } catch (failure) {
      setOutcome({ kind: 'error', text: t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: ['notification-settings'] });
    }
  };

  const togglePush = () =>
    act(async () => {
      const module = await loadPush();
      const next = push === 'on' ? await module.turnPushOff() : await module.turnPushOn();
      setPush(next);
      if (next === 'on') return t('settings.notifications.pushOn');
      if (next === 'denied') return t('settings.notifications.pushDenied');
      return t('settings.notifications.pushOff');
    });

  const setMail = (email: boolean) => {
    setMailChoice(email);
    void act(async () => {
      try {
        const saved = await request<NotificationSettings>('PUT', '/api/notifications/settings', { body: { email } });
        queryClient.setQueryData(['notification-settings', session], saved);
        return t(saved.email ? 'settings.notifications.mailOn' : 'settings.notifications.mailOff');
      } finally {
        setMailChoice(null);
      }
    });
  };

  const mail = mailChoice ?? settings.data?.email ?? false;
  const status: Status = settings.isError && !settings.isFetching ? { kind: 'error', text: t(settingsErrorKey(settings.error)) } : outcome;

  return (
    <section className={styles.card} aria-labelledby={ids.title} aria-busy={push === null || settings.isPending}>
      <h2 id={ids.title} className={styles.cardTitle}>
        {t('settings.notifications.title')}
      </h2>
      <p className={styles.hint}>{t('settings.notifications.lead')}</p>

      <div className={styles.field}>
        <span id={ids.push} className={styles.fieldLabel}>
          {t('settings.notifications.push')}
        </span>
        <p className={styles.hint} aria-live="polite" data-testid="push-state">
          {push === null && t('settings.loading')}
          {push === 'unsupported' && t('settings.notifications.pushUnsupported')}
          {push === 'denied' && t('settings.notifications.pushBlocked')}
          {push === 'on' && t('settings.notifications.pushStateOn')}
          {push === 'off' && t('settings.notifications.pushStateOff')}
        </p>
        {(push === 'on' || push === 'off') && (
          <button type="button" className={styles.secondary} aria-describedby={ids.push} onClick={() => void togglePush()} disabled={busy}>
            {busy ? t('auth.working') : t(push === 'on' ? 'settings.notifications.turnPushOff' : 'settings.notifications.turnPushOn')}
          </button>
        )}
      </div>

      <label className={styles.check} htmlFor={ids.mail}>
        <input id={ids.mail} type="checkbox" checked={mail} disabled={busy || !settings.data} onChange={(event) => setMail(event.target.checked)} />
        <span>{t('settings.notifications.mail')}</span>
      </label>
      <SectionStatus status={status} testId="notifications-status" />
    </section>
  );
}
