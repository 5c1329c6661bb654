import type { RefObject } from 'react';
import { useGeneratorText } from '../i18n.ts';
import type { GeneratorMode } from './mode.ts';
import { PROMPT_MAX } from './settings.ts';
import styles from './studio.module.css';

/** Prompts this close to the limit get a spoken count of what is left. */
const PROMPT_WARN_AT = 50;

interface Props {
  mode: GeneratorMode;
  value: string;
  /** Why the prompt was refused (it is required in text mode), or null. */
  problem: string | null;
  /** The ids the page keeps for the field, its counter, its hint and its problem (drawn by the server the same way). */
  ids: { prompt: string; counter: string; promptHint: string; promptProblem: string };
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (value: string) => void;
  /** Ctrl+Enter (⌘+Enter on a Mac) in the field: what Generate does. */
  onGenerateShortcut: () => void;
}

/**
 * The prompt with its visible counter, a spoken count near the limit, and the reason it was refused. Ctrl+Enter or
 * ⌘+Enter generates from here, so a keyboard user need not go through the settings to reach Generate.
 */
export function PromptField({ mode, value, problem, ids, textareaRef, onChange, onGenerateShortcut }: Props) {
  const { t } = useGeneratorText();
  const left = PROMPT_MAX - value.length;
  return (
    <div className={styles.promptField}>
      <div className={styles.promptTop}>
        <label htmlFor={ids.prompt} className={styles.fieldLabel}>
          {mode === 'image' ? t('prompt.labelImage') : t('prompt.label')}
        </label>
        <span id={ids.counter} className={styles.counter} data-near-limit={left <= PROMPT_WARN_AT || undefined}>
          {t('prompt.counter', { count: value.length, max: PROMPT_MAX })}
        </span>
      </div>
      <textarea
        ref={textareaRef}
        id={ids.prompt}
        className={styles.prompt}
        value={value}
        maxLength={PROMPT_MAX}
        placeholder={mode === 'image' ? t('prompt.placeholderImage') : t('prompt.placeholder')}
        aria-describedby={`${ids.counter} ${ids.promptHint}${problem ? ` ${ids.promptProblem}` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Not while an input method is composing: its Enter confirms the characters.
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
          event.preventDefault();
          onGenerateShortcut();
        }}
        // Optional beside a picture, so shorter there: Generate comes higher below the picture.
        rows={mode === 'image' ? 2 : 4}
      />
      <p id={ids.promptHint} className={styles.shortcutHint}>
        {t('prompt.shortcut')}
      </p>
      <p className="rm-visually-hidden" aria-live="polite">
        {left <= PROMPT_WARN_AT ? t('prompt.left', { count: left }) : ''}
      </p>
      {problem && (
        <p id={ids.promptProblem} className={styles.errorText} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
