import { useGeneratorText } from '../i18n.ts';
import type { GenerationPhase } from './use-generation.ts';
import styles from './studio.module.css';

interface Props {
  signedIn: boolean;
  phase: GenerationPhase;
  /** An image video whose picture is still going up. */
  waitingForPicture: boolean;
  onGenerate: () => void;
}

/** Generate, named for what pressing it does now: sign in first, wait for the picture, or what the job is doing. */
export function GenerateButton({ signedIn, phase, waitingForPicture, onGenerate }: Props) {
  const { t } = useGeneratorText();
  const busy = phase === 'submitting' || phase === 'running';
  let label = t('generate');
  if (!signedIn) label = t('signInToGenerate');
  else if (phase === 'submitting') label = t('starting');
  else if (phase === 'running') label = t('generating');
  else if (waitingForPicture) label = t('image.wait');

  return (
    <button type="button" className={styles.generate} data-testid="generate-button" onClick={onGenerate} disabled={busy || waitingForPicture} aria-busy={busy}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z" />
      </svg>
      {label}
    </button>
  );
}
