import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '@reelmint/shared';
import type { PasswordStrength } from '@reelmint/contract/password-strength';
import styles from './password-strength-meter.module.css';

type Check = (password: string, personal: readonly (string | undefined)[]) => PasswordStrength;

let loading: Promise<Check> | null = null;

/**
 * The password rule with its dictionaries (about 210 KiB with brotli), fetched when a new-password field is first
 * focused or typed in: no page downloads it with its first load. The API applies the same rule (WEAK_PASSWORD).
 */
function loadCheck(): Promise<Check> {
  loading ??= import('@reelmint/contract/password-strength').then(
    ({ passwordStrength, personalWords }): Check =>
      (password, personal) =>
        passwordStrength(password, personalWords(...personal)),
    (failure: unknown) => {
      // A failed download is tried again on the next use; the server still applies the rule meanwhile.
      loading = null;
      throw failure;
    },
  );
  return loading;
}

/**
 * A new password as it is typed: `prepare` (on focus and input) loads the rule, `verdict` is its judgement of the
 * value (null while the rule loads or the field is empty). `personal`: the person's name and address.
 */
export function useNewPassword(personal: readonly (string | undefined)[]) {
  const [check, setCheck] = useState<Check | null>(null);
  const [value, setValue] = useState('');
  const prepare = () => {
    if (!check)
      loadCheck().then(
        (loaded) => setCheck(() => loaded),
        () => undefined,
      );
  };
  // The words as one string: a caller's array is a new one on every render.
  const words = personal.filter(Boolean).join('\n');
  const verdict = useMemo(() => (check && value ? check(value, words.split('\n')) : null), [check, value, words]);
  return {
    verdict,
    /** The form was emptied (after a change went through): nothing to judge until the next password. */
    reset: () => setValue(''),
    /** Spread on the new-password input. */
    input: {
      onFocus: prepare,
      onChange: (event: { currentTarget: HTMLInputElement }) => {
        prepare();
        setValue(event.currentTarget.value);
      },
    },
  };
}

/** The sentence for why a password is refused, by the reason the rule or the API gave. */
export function weaknessText(t: TFunction, reason: unknown): string {
  return t(`password.weakness.${typeof reason === 'string' ? reason : 'guessable'}`, { defaultValue: t('password.weakness.guessable') });
}

/** The API's refusal of a weak password, in the page's language; null for any other failure. */
export function weakPasswordRefusal(t: TFunction, failure: unknown): string | null {
  return failure instanceof ApiError && failure.code === 'WEAK_PASSWORD' ? weaknessText(t, failure.details.reason) : null;
}

/** Under a new-password field: four bars filled by the score, its word, and while it is refused, why. */
export function PasswordStrengthMeter({ verdict, id }: { verdict: PasswordStrength | null; id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className={styles.meter} data-testid="password-strength" data-score={verdict?.score} data-acceptable={verdict?.acceptable}>
      {verdict && (
        <>
          <span className={styles.bars} aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
          </span>
          <span className={styles.level}>{t('password.strength', { level: t(`password.levels.${verdict.score}`) })}</span>
          {verdict.weakness && <span className={styles.reason}>{weaknessText(t, verdict.weakness)}</span>}
        </>
      )}
    </div>
  );
}
