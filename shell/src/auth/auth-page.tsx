import { useCallback, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  api,
  ApiError,
  formatNumber,
  isSupportedLanguage,
  LocalizedLink,
  setCreditBalance,
  setSession,
  START_FREE_PATH,
  useActiveLanguage,
  useLocalizePath,
  withLanguage,
} from '@reelmint/shared';
import type { Language, LoginReply, MailSentReply } from '@reelmint/shared';
import { sessionUserOf } from '../account/account-user.ts';
import { chooseLanguage } from '../i18n/i18n.ts';
import { noteVerificationMailLate } from '../chrome/verify-mail-late.ts';
import { showToast } from '../chrome/toasts.tsx';
import { PasswordStrengthMeter, useNewPassword, weaknessText, weakPasswordRefusal } from '../account/password-strength-meter.tsx';
import { GoogleButton } from './google-button.tsx';
import { useSiteConfig } from './site-config-query.ts';
import { withShellQueries } from '../server-state/shell-queries.tsx';
import styles from './auth-page.module.css';

type Mode = 'login' | 'register';

/** Only same-site paths may be returned to after signing in. */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}

export function sessionFromReply(reply: LoginReply) {
  setSession(reply.access_token, sessionUserOf(reply.user));
  setCreditBalance(reply.user.credits);
}

/**
 * An address the API takes: its schema's `email` format (ajv-formats, full mode), which wants a dot in the domain
 * where the browser's own check takes "ada@example".
 */
const EMAIL_ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The account's preferred language, when it has one the site speaks (applied at sign-in). */
export function preferredLanguage(reply: LoginReply): Language | null {
  return isSupportedLanguage(reply.user.language) ? reply.user.language : null;
}

/**
 * What to tell the person about a failed sign-in, in the page's language: the server's error code
 * picks the sentence (its English message is for API callers), anything unknown is the generic one.
 */
export function authErrorText(t: TFunction, failure: unknown): string {
  const weak = weakPasswordRefusal(t, failure);
  if (weak) return weak;
  const code = failure instanceof ApiError ? failure.code : null;
  return code ? t(`auth.errors.${code}`, { defaultValue: t('auth.genericError') }) : t('auth.genericError');
}

/** What a new account is told on its first screen: its free credits are there, and where the confirmation link went. */
export function welcomeText(t: TFunction, reply: LoginReply, lng: string): string {
  const credits = t('credits.count', { count: reply.user.credits, formatted: formatNumber(reply.user.credits, lng) });
  const welcome = t('auth.welcome', { name: reply.user.name, credits });
  return reply.user.emailVerified ? welcome : `${welcome} ${t('auth.welcomeConfirm', { email: reply.user.email })}`;
}

/** /auth: sign in or create an account. Owned by the shell because every app depends on the session. */
function AuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const language = useActiveLanguage();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'register' ? 'register' : 'login');
  const [error, setError] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const config = useSiteConfig();
  const googleClientId = config.data?.googleClientId ?? null;
  // The server is said to be unreachable when the site's settings or a sign-in could not reach it.
  const [signInServerDown, setServerDown] = useState(false);
  const serverDown = signInServerDown || (config.isError && !config.isFetching && config.error instanceof ApiError && config.error.isNetworkError);
  const ids = {
    tabs: useId(),
    panel: useId(),
    name: useId(),
    email: useId(),
    emailProblem: useId(),
    password: useId(),
    hint: useId(),
    strength: useId(),
    error: useId(),
  };
  // Who is signing up, for the password rule: a password made of one's own name or address is refused.
  const [person, setPerson] = useState({ name: '', email: '' });
  const newPassword = useNewPassword([person.name, person.email]);

  const signIn = useCallback(
    async (call: () => Promise<LoginReply & Partial<MailSentReply>>) => {
      setBusy(true);
      setError(null);
      try {
        const reply = await call();
        sessionFromReply(reply);
        // Sign-up mails a confirmation link; when the mail server is down it goes out later, and the header's reminder says so.
        const created = reply.mailMayBeLate !== undefined;
        if (created) noteVerificationMailLate(reply.mailMayBeLate ?? false);
        // A new account without a page to go back to starts in the studio, told that its free credits are there.
        const returnTo = params.get('returnTo') || !created ? safeReturnPath(params.get('returnTo')) : START_FREE_PATH;
        if (created) showToast('success', welcomeText(t, reply, language));
        const preferred = preferredLanguage(reply);
        if (preferred) {
          // The language chosen in the account's settings wins over the page's at sign-in.
          void chooseLanguage(preferred);
          navigate(withLanguage(returnTo, preferred), { replace: true });
        } else {
          navigate(localize(returnTo), { replace: true });
        }
      } catch (failure) {
        if (failure instanceof ApiError && failure.isNetworkError) setServerDown(true);
        setError(authErrorText(t, failure));
      } finally {
        setBusy(false);
      }
    },
    [navigate, localize, params, t, language],
  );

  const onGoogleCredential = useCallback((credential: string) => void signIn(() => api.google(credential)), [signIn]);

  const choose = (next: Mode) => {
    setMode(next);
    setError(null);
    setEmailProblem(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    // The browser takes "ada@example" as an address; the API does not. Said at the field, before anything is sent.
    if (mode === 'register' && !EMAIL_ADDRESS.test(email)) {
      setEmailProblem(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    const password = String(form.get('password') ?? '');
    const name = String(form.get('name') ?? '').trim();
    // The meter has already said why; the server applies the same rule to a password sent before the rule loaded.
    const weakness = mode === 'register' ? newPassword.verdict?.weakness : null;
    if (weakness) {
      setError(weaknessText(t, weakness));
      return;
    }
    void signIn(() => (mode === 'login' ? api.login(email, password) : api.register(name, email, password, language)));
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {mode === 'login' ? t('auth.loginTitle') : t('auth.registerTitle')}
        </h1>
        <p className={styles.lead}>{mode === 'login' ? t('auth.lead') : t('auth.registerLead')}</p>
        {serverDown && (
          <p className={styles.banner} role="alert" data-testid="auth-server-down">
            {t('auth.serverDown')}
          </p>
        )}
        <div className={styles.tabs} role="tablist" aria-label={t('auth.modeLabel')}>
          {(['login', 'register'] as const).map((m) => (
            <button
              key={m}
              id={`${ids.tabs}-${m}`}
              type="button"
              role="tab"
              aria-selected={mode === m}
              aria-controls={ids.panel}
              // One tab stop for the pair; the arrow keys move between them, as in any tab list.
              tabIndex={mode === m ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(m)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
                event.preventDefault();
                const next = event.key === 'Home' ? 'login' : event.key === 'End' ? 'register' : m === 'login' ? 'register' : 'login';
                choose(next);
                document.getElementById(`${ids.tabs}-${next}`)?.focus();
              }}
            >
              {m === 'login' ? t('auth.loginTab') : t('auth.registerTab')}
            </button>
          ))}
        </div>
        <form
          id={ids.panel}
          role="tabpanel"
          aria-labelledby={`${ids.tabs}-${mode}`}
          className={styles.form}
          onSubmit={onSubmit}
          // What was wrong with the last try no longer stands once anything is changed.
          onChange={() => setError(null)}
          aria-describedby={error ? ids.error : undefined}
          noValidate={false}
        >
          {mode === 'register' && (
            <div className={styles.field}>
              <label htmlFor={ids.name}>{t('auth.name')}</label>
              <input
                id={ids.name}
                name="name"
                autoComplete="name"
                required
                minLength={1}
                maxLength={80}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setPerson((current) => ({ ...current, name }));
                }}
              />
            </div>
          )}
          <div className={styles.field}>
            <label htmlFor={ids.email}>{t('auth.email')}</label>
            <input
              id={ids.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              aria-invalid={emailProblem || undefined}
              aria-describedby={emailProblem ? ids.emailProblem : undefined}
              onChange={(event) => {
                const email = event.currentTarget.value;
                setPerson((current) => ({ ...current, email }));
                setEmailProblem(false);
              }}
            />
            {emailProblem && (
              <small id={ids.emailProblem} className={styles.fieldError} role="alert">
                {t('auth.emailInvalid')}
              </small>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.password}>{t('auth.password')}</label>
            <input
              id={ids.password}
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              minLength={mode === 'register' ? 8 : 1}
              maxLength={200}
              {...(mode === 'register' ? { ...newPassword.input, 'aria-describedby': `${ids.hint} ${ids.strength}` } : {})}
            />
            {mode === 'register' && (
              <>
                <small id={ids.hint} className={styles.hint}>
                  {t('auth.passwordHint')}
                </small>
                <PasswordStrengthMeter verdict={newPassword.verdict} id={ids.strength} />
              </>
            )}
            {mode === 'login' && (
              <LocalizedLink
                className={styles.forgot}
                to="/forgot-password"
                state={person.email.trim() ? { email: person.email.trim() } : undefined}
                data-testid="forgot-password-link"
              >
                {t('password.forgotLink')}
              </LocalizedLink>
            )}
          </div>
          {error && (
            <p id={ids.error} className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={styles.submit} disabled={busy}>
            {busy ? t('auth.working') : mode === 'login' ? t('auth.loginSubmit') : t('auth.registerSubmit')}
          </button>
        </form>
        {googleClientId && (
          <div className={styles.google}>
            <p>{t('auth.googleAvailable')}</p>
            <GoogleButton clientId={googleClientId} onCredential={onGoogleCredential} unavailableText={t('auth.genericError')} />
          </div>
        )}
      </section>
    </main>
  );
}

export default withShellQueries(AuthPage);
