import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { formatNumber, NEGATIVE_PROMPT_MAX, SEED_MAX } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { parseSeed } from './settings.ts';
import styles from './studio.module.css';

interface Props {
  negativePrompt: string;
  seed: string;
  /** The seed field's id, so the page can bring a refused seed into focus. */
  seedId: string;
  onNegativePrompt: (value: string) => void;
  onSeed: (value: string) => void;
  /** Drawn from the first opening on (its code may be fetched then): keyframes, camera and sound. */
  children?: ReactNode;
}

/** What to keep out of the video and the seed: behind a disclosure, since most people leave them alone. */
export function AdvancedSettings({ negativePrompt, seed, seedId, onNegativePrompt, onSeed, children }: Props) {
  const { t, i18n } = useGeneratorText();
  const ids = { negative: useId(), negativeHint: useId(), seed: seedId, seedHint: useId(), seedProblem: useId() };
  const seedValid = parseSeed(seed).valid;
  const max = formatNumber(SEED_MAX, i18n.resolvedLanguage ?? 'en');
  // Opens whenever a value arrives (a draft, a template, a remix), so what will be sent is never hidden;
  // otherwise it stays as the person left it.
  const filled = negativePrompt !== '' || seed !== '';
  const [open, setOpen] = useState(filled);
  const [opened, setOpened] = useState(filled);
  useEffect(() => {
    if (filled) setOpen(true);
  }, [filled]);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  // Opened on the server's page before this code took it over: the toggle came before anyone listened for it.
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);

  return (
    <details ref={details} className={styles.advanced} open={open} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="advanced-settings">
      <summary>{t('advanced.toggle')}</summary>
      <div className={styles.advancedBody}>
        <div className={styles.advancedField}>
          <label htmlFor={ids.negative} className={styles.fieldLabel}>
            {t('advanced.negativeLabel')}
          </label>
          <textarea
            id={ids.negative}
            className={styles.advancedInput}
            value={negativePrompt}
            maxLength={NEGATIVE_PROMPT_MAX}
            rows={2}
            placeholder={t('advanced.negativePlaceholder')}
            aria-describedby={ids.negativeHint}
            onChange={(event) => onNegativePrompt(event.target.value)}
            data-testid="negative-prompt"
          />
          <p id={ids.negativeHint} className={styles.hint}>
            {t('advanced.negativeHint')}
          </p>
        </div>
        <div className={styles.advancedField}>
          <label htmlFor={ids.seed} className={styles.fieldLabel}>
            {t('advanced.seedLabel')}
          </label>
          <input
            id={ids.seed}
            className={styles.advancedInput}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={seed}
            placeholder={t('advanced.seedPlaceholder')}
            aria-invalid={seedValid ? undefined : true}
            aria-describedby={`${ids.seedHint}${seedValid ? '' : ` ${ids.seedProblem}`}`}
            onChange={(event) => onSeed(event.target.value)}
            data-testid="seed-input"
          />
          <p id={ids.seedHint} className={styles.hint}>
            {t('advanced.seedHint')}
          </p>
          {!seedValid && (
            <p id={ids.seedProblem} className={styles.errorText} role="alert">
              {t('advanced.seedInvalid', { max })}
            </p>
          )}
        </div>
        {opened && children}
      </div>
    </details>
  );
}
