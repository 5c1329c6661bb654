import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { api, LANGUAGES, LANGUAGE_NAMES } from '@reelmint/shared';
import type { AccountUser, Language } from '@reelmint/shared';
import { chooseLanguage } from '../i18n/i18n.ts';
import { useLanguageNavigate } from '../i18n/language-navigate.ts';
import { pictureSrc } from './account-user.ts';
import { settingsErrorKey } from './settings-errors.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

/** Matches the API's limit, so a picture that is too large is refused before it is sent. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

interface Props {
  user: AccountUser;
  onSaved: (user: AccountUser) => void;
}

/** Name, picture and preferred language. */
export function ProfileSection({ user, onSaved }: Props) {
  const { t } = useTranslation();
  const navigateToLanguage = useLanguageNavigate();
  const location = useLocation();
  const ids = { name: useId(), picture: useId(), pictureHint: useId(), language: useId() };
  const [nameStatus, setNameStatus] = useState<Status>(null);
  const [pictureStatus, setPictureStatus] = useState<Status>(null);
  const [languageStatus, setLanguageStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<'name' | 'picture' | 'language' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const picture = pictureSrc(user.pictureUrl);

  /** Runs one change and says how it went; resolves to whether it was saved. */
  async function run(
    what: 'name' | 'picture' | 'language',
    setStatus: (status: Status) => void,
    call: () => Promise<AccountUser>,
    doneKey: string,
  ): Promise<boolean> {
    setBusy(what);
    setStatus(null);
    try {
      onSaved(await call());
      setStatus({ kind: 'done', text: t(doneKey) });
      return true;
    } catch (failure) {
      setStatus({ kind: 'error', text: t(settingsErrorKey(failure)) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const onName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    // Only spaces pass the field's own check; the server would refuse the name with a message about every field.
    if (!name) {
      setNameStatus({ kind: 'error', text: t('settings.profile.nameRequired') });
      return;
    }
    void run('name', setNameStatus, () => api.updateProfile({ name }), 'settings.profile.saved');
  };

  const onPicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PICTURE_BYTES) {
      setPictureStatus({ kind: 'error', text: t('settings.profile.pictureTooLarge') });
      return;
    }
    void run('picture', setPictureStatus, () => api.uploadPicture(file), 'settings.profile.pictureSaved');
  };

  const onLanguage = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const language = String(new FormData(event.currentTarget).get('language') ?? '') as Language;
    void run('language', setLanguageStatus, () => api.updateProfile({ language }), 'settings.language.saved').then((saved) => {
      // The page follows the language just chosen, as it will at the next sign-in.
      if (!saved || !LANGUAGES.includes(language)) return;
      void chooseLanguage(language);
      navigateToLanguage(`${location.pathname}${location.search}`, language);
    });
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="settings-profile">
        <h2 id="settings-profile" className={styles.cardTitle}>
          {t('settings.profile.title')}
        </h2>
        <div className={styles.pictureRow}>
          <span className={styles.picture} aria-hidden="true">
            {picture ? <img src={picture} alt="" width={72} height={72} data-testid="settings-picture" /> : user.name.trim().charAt(0).toUpperCase()}
          </span>
          <div className={styles.pictureActions}>
            <label htmlFor={ids.picture} className={styles.fieldLabel}>
              {t('settings.profile.picture')}
            </label>
            <input
              ref={fileInput}
              id={ids.picture}
              className={styles.visuallyHidden}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={onPicture}
              aria-describedby={ids.pictureHint}
            />
            <div className={styles.buttons}>
              <button type="button" className={styles.secondary} onClick={() => fileInput.current?.click()} disabled={busy === 'picture'}>
                {busy === 'picture' ? t('auth.working') : t('settings.profile.choosePicture')}
              </button>
              {picture && (
                <button
                  type="button"
                  className={styles.linkButton}
                  disabled={busy === 'picture'}
                  onClick={() => void run('picture', setPictureStatus, () => api.removePicture(), 'settings.profile.pictureRemoved')}
                >
                  {t('settings.profile.removePicture')}
                </button>
              )}
            </div>
            <small id={ids.pictureHint} className={styles.hint}>
              {t('settings.profile.pictureHint')}
            </small>
            <SectionStatus status={pictureStatus} testId="picture-status" />
          </div>
        </div>
        <form className={styles.form} onSubmit={onName} onChange={() => setNameStatus(null)}>
          <div className={styles.field}>
            <label htmlFor={ids.name}>{t('settings.profile.name')}</label>
            <input id={ids.name} name="name" autoComplete="name" required maxLength={100} defaultValue={user.name} key={user.name} />
          </div>
          <button type="submit" className={styles.primary} disabled={busy === 'name'}>
            {busy === 'name' ? t('auth.working') : t('settings.profile.save')}
          </button>
          <SectionStatus status={nameStatus} testId="name-status" />
        </form>
      </section>

      <section className={styles.card} aria-labelledby="settings-language">
        <h2 id="settings-language" className={styles.cardTitle}>
          {t('settings.language.title')}
        </h2>
        <p className={styles.hint}>{t('settings.language.lead')}</p>
        <form className={styles.form} onSubmit={onLanguage}>
          <div className={styles.field}>
            <label htmlFor={ids.language}>{t('settings.language.label')}</label>
            <select id={ids.language} name="language" defaultValue={user.language ?? ''} key={user.language ?? ''} required>
              {user.language === null && (
                <option value="" disabled>
                  —
                </option>
              )}
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng} lang={lng}>
                  {LANGUAGE_NAMES[lng]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.primary} disabled={busy === 'language'}>
            {busy === 'language' ? t('auth.working') : t('settings.language.save')}
          </button>
          <SectionStatus status={languageStatus} testId="language-status" />
        </form>
      </section>
    </>
  );
}
