import { useId, useRef, useState } from 'react';
import EnhancePanel from './enhance-panel.lazy.tsx';
import { useToolsText } from './tools-text.lazy.ts';
import type { EnhancePromptRequest } from '@reelmint/shared';
import styles from './tools.module.css';

export interface PromptEnhancerProps {
  /** The prompt and the settings the proposal is to build on. */
  request: EnhancePromptRequest;
  /** Puts the accepted (possibly edited) proposal into the prompt field. */
  onUse: (prompt: string) => void;
}

/**
 * "Enhance prompt" under the prompt: asks for a richer prompt and shows it for the person to edit, use or discard.
 * Nothing is charged; only generating costs. Fetched after the studio is drawn (lazySlot), with its strings.
 */
export default function PromptEnhancer({ request, onUse }: PromptEnhancerProps) {
  const { t } = useToolsText();
  const region = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Counts the asks, so asking again while a proposal is shown asks afresh.
  const [asked, setAsked] = useState(0);
  const empty = !request.prompt.trim();

  const close = () => {
    setAsked(0);
    button.current?.focus();
  };

  return (
    <div className={styles.enhancer}>
      <button
        ref={button}
        type="button"
        className={styles.enhanceButton}
        disabled={empty}
        aria-expanded={asked > 0}
        aria-controls={region}
        onClick={() => setAsked((count) => count + 1)}
        data-testid="enhance-prompt"
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
          <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
        </svg>
        {t('enhance.button')}
      </button>
      <div id={region}>
        {asked > 0 && (
          <EnhancePanel
            key={asked}
            request={request}
            onUse={(prompt) => {
              onUse(prompt);
              close();
            }}
            onDiscard={close}
          />
        )}
      </div>
    </div>
  );
}
