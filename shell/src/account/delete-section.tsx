import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { api, ApiError, useActiveLanguage } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';
import { settingsErrorKey } from './settings-errors.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

/** What deleting takes away, named in the dialog so nobody learns it afterwards. */
const LOSSES = ['videos', 'pictures', 'credits', 'subscription', 'profile'] as const;

function deleteErrorKey(failure: unknown): string {
  if (failure instanceof ApiError && failure.code === 'WRONG_PASSWORD') return 'settings.delete.wrong';
  if (failure instanceof ApiError && failure.code === 'DELETION_FAILED') return 'settings.delete.failed';
  return settingsErrorKey(failure);
}

/**
 * 'Delete my account': a dialog that names what is lost and asks for the password. An account
 * made with Google has none yet and is offered the mail that sets one (a fresh Google sign-in
 * cannot be checked by our API; see api/README.md).
 */
export function DeleteSection({ user, onDeleted }: { user: AccountUser; onDeleted: (reply: { mailMayBeLate: boolean }) => void }) {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const passwordId = useId();
  const passwordInput = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialogStatus, setDialogStatus] = useState<Status>(null);
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setDialogStatus(null);
    try {
      const reply = await api.deleteAccount(password, language);
      onDeleted(reply);
    } catch (failure) {
      setDialogStatus({ kind: 'error', text: t(deleteErrorKey(failure)) });
      setBusy(false);
    }
  };

  const sendSetLink = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const reply = await api.forgotPassword(user.email, language);
      setStatus(
        reply.mailMayBeLate ? { kind: 'warning', text: t('verify.mailLate') } : { kind: 'done', text: t('settings.password.linkSent', { email: user.email }) },
      );
    } catch (failure) {
      setStatus({ kind: 'error', text: t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="settings-delete">
      <h2 id="settings-delete" className={styles.cardTitle}>
        {t('settings.delete.title')}
      </h2>
      <p className={styles.hint}>{t('settings.delete.lead')}</p>
      {user.hasPassword ? (
        <Dialog.Root
          open={open}
          onOpenChange={(next) => {
            if (busy) return;
            setOpen(next);
            setDialogStatus(null);
          }}
        >
          <Dialog.Trigger className={styles.dangerButton}>{t('settings.delete.open')}</Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={styles.backdrop}>
              <Dialog.Content
                className={styles.dialog}
                data-testid="delete-dialog"
                onOpenAutoFocus={(event) => {
                  event.preventDefault();
                  passwordInput.current?.focus();
                }}
              >
                <Dialog.Title className={styles.cardTitle}>{t('settings.delete.dialogTitle')}</Dialog.Title>
                <Dialog.Description className={styles.text}>{t('settings.delete.dialogLead')}</Dialog.Description>
                <ul className={styles.losses}>
                  {LOSSES.map((loss) => (
                    <li key={loss}>{t(`settings.delete.lose.${loss}`)}</li>
                  ))}
                </ul>
                <p className={styles.hint}>{t('settings.delete.kept')}</p>
                <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
                  <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
                  <div className={styles.field}>
                    <label htmlFor={passwordId}>{t('settings.delete.password')}</label>
                    <input ref={passwordInput} id={passwordId} name="password" type="password" autoComplete="current-password" required maxLength={256} />
                  </div>
                  <SectionStatus status={dialogStatus} testId="delete-status" />
                  <div className={styles.buttons}>
                    <Dialog.Close className={styles.secondary} disabled={busy}>
                      {t('settings.delete.cancel')}
                    </Dialog.Close>
                    <button type="submit" className={styles.dangerButton} disabled={busy} aria-busy={busy}>
                      {busy ? t('auth.working') : t('settings.delete.confirm')}
                    </button>
                  </div>
                </form>
              </Dialog.Content>
            </Dialog.Overlay>
          </Dialog.Portal>
        </Dialog.Root>
      ) : (
        <>
          <p className={styles.text}>{t('settings.delete.noPassword')}</p>
          <button type="button" className={styles.secondary} onClick={() => void sendSetLink()} disabled={busy}>
            {busy ? t('auth.working') : t('settings.password.setOne')}
          </button>
        </>
      )}
      <SectionStatus status={status} testId="delete-link-status" />
    </section>
  );
}
