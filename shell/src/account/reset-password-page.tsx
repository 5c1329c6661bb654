import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, LocalizedLink, useLocalizePath } from '@reelmint/shared';
import { sessionFromReply } from '../auth/auth-page.tsx';
import { PasswordStrengthMeter, useNewPassword, weaknessText, weakPasswordRefusal } from './password-strength-meter.tsx';
import { requestErrorKey } from './request-error.ts';
import { useResetLink } from './reset-link-query.ts';
import { withShellQueries } from '../server-state/shell-queries.tsx';
import { showToast } from '../chrome/toasts.tsx';
import styles from './account-pages.module.css';

type Broken = 'invalid' | 'expired' | 'used';
/** `unchecked`: the check did not answer about the link (no connection, too many requests, a server error); `message` says which. */
type LinkState = { kind: 'checking' } | { kind: 'ready'; email: string } | { kind: 'broken'; reason: Broken } | { kind: 'unchecked'; message: string };

/** Why a link cannot be used, from the API's code; anything else is not about the link. */
export function brokenLinkReason(failure: unknown): Broken | null {
  if (!(failure instanceof ApiError)) return null;
  if (failure.code === 'RESET_LINK_EXPIRED') return 'expired';
  if (failure.code === 'RESET_LINK_USED') return 'used';
  // A malformed token is refused by the API's schema before it is looked up: it is a broken link too.
  if (failure.code === 'RESET_LINK_INVALID' || failure.code === 'VALIDATION_ERROR') return 'invalid';
  return null;
}

/** What the page says of its link: the check's answer, unless sending the new password found it broken since. */
function linkState(token: string, check: ReturnType<typeof useResetLink>, brokenSince: Broken | null): LinkState {
  if (!token) return { kind: 'broken', reason: 'invalid' };
  if (brokenSince) return { kind: 'broken', reason: brokenSince };
  if (check.data) return { kind: 'ready', email: check.data.email };
  if (!check.isError) return { kind: 'checking' };
  const reason = brokenLinkReason(check.error);
  return reason ? { kind: 'broken', reason } : { kind: 'unchecked', message: requestErrorKey(check.error) };
}

/** /reset-password?token=…: the page a reset mail links to. */
function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useResetLink(token);
  const [brokenSince, setBrokenSince] = useState<{ token: string; reason: Broken } | null>(null);
  const state = linkState(token, check, brokenSince?.token === token ? brokenSince.reason : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { password: useId(), confirm: useId(), hint: useId(), strength: useId(), error: useId() };
  const newPassword = useNewPassword([state.kind === 'ready' ? state.email : undefined]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    // One problem at a time, the first that applies: each try says what is wrong now, never what was wrong before.
    const weakness = newPassword.verdict?.weakness;
    if (weakness) {
      setError(weaknessText(t, weakness));
      return;
    }
    if (password !== String(form.get('confirm') ?? '')) {
      setError(t('password.mismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      sessionFromReply(await api.resetPassword(token, password));
      showToast('success', t('password.changed'));
      navigate(localize('/'), { replace: true });
    } catch (failure) {
      // The link was checked when the page opened, so a refused body here is the password.
      const reason = failure instanceof ApiError && failure.code === 'VALIDATION_ERROR' ? null : brokenLinkReason(failure);
      const weak = weakPasswordRefusal(t, failure);
      if (reason) setBrokenSince({ token, reason });
      else if (weak) setError(weak);
      else if (failure instanceof ApiError && failure.code === 'VALIDATION_ERROR') setError(t('auth.passwordHint'));
      else setError(t(requestErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title" data-testid="reset-password" aria-busy={state.kind === 'checking'}>
        {state.kind === 'broken' ? (
          <div data-testid="reset-link-broken">
            <h1 id="reset-title" className={styles.title}>
              {t('password.brokenTitle')}
            </h1>
            <p className={styles.lead}>{t(`password.broken.${state.reason}`, { minutes: 30 })}</p>
            <LocalizedLink className={styles.submit} to="/forgot-password">
              {t('password.askAgain')}
            </LocalizedLink>
          </div>
        ) : (
          <>
            <h1 id="reset-title" className={styles.title}>
              {t('password.resetTitle')}
            </h1>
            {state.kind === 'checking' && (
              <p className={styles.lead} role="status">
                {t('password.checking')}
              </p>
            )}
            {state.kind === 'unchecked' && (
              <>
                <p className={styles.notice} role="alert" data-testid="reset-link-unchecked">
                  {t(state.message)}
                </p>
                <button type="button" className={styles.submit} onClick={() => void check.refetch()} disabled={check.isFetching}>
                  {t('settings.retry')}
                </button>
              </>
            )}
            {state.kind === 'ready' && (
              <>
                <p className={styles.lead}>{t('password.resetLead', { email: state.email })}</p>
                <form
                  className={styles.form}
                  onSubmit={(event) => void onSubmit(event)}
                  onChange={() => setError(null)}
                  aria-describedby={error ? ids.error : undefined}
                >
                  <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
                  <div className={styles.field}>
                    <label htmlFor={ids.password}>{t('password.newPassword')}</label>
                    <input
                      id={ids.password}
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      required
                      minLength={8}
                      maxLength={256}
                      aria-describedby={`${ids.hint} ${ids.strength}`}
                      {...newPassword.input}
                    />
                    <small id={ids.hint} className={styles.hint}>
                      {t('auth.passwordHint')}
                    </small>
                    <PasswordStrengthMeter verdict={newPassword.verdict} id={ids.strength} />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={ids.confirm}>{t('password.confirm')}</label>
                    <input id={ids.confirm} name="confirm" type="password" autoComplete="new-password" required minLength={8} maxLength={256} />
                  </div>
                  {error && (
                    <p id={ids.error} className={styles.error} role="alert">
                      {error}
                    </p>
                  )}
                  <button type="submit" className={styles.submit} disabled={busy}>
                    {busy ? t('auth.working') : t('password.resetSubmit')}
                  </button>
                </form>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}

export default withShellQueries(ResetPasswordPage);
