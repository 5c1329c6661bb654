import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { GeneratorMode } from './mode.ts';
import styles from './studio.module.css';

const MODES: readonly GeneratorMode[] = ['text', 'image'];

interface Props {
  mode: GeneratorMode;
  label: string;
  names: Record<GeneratorMode, string>;
  panelId: string;
  onChange: (mode: GeneratorMode) => void;
}

/** The two modes as tabs (arrow keys move between them); the choice lives in the URL. */
export function ModeTabs({ mode, label, names, panelId, onChange }: Props) {
  const refs = useRef<Partial<Record<GeneratorMode, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = MODES.indexOf(mode);
    const next =
      event.key === 'Home'
        ? MODES[0]
        : event.key === 'End'
          ? MODES[MODES.length - 1]
          : MODES[(index + (event.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length];
    if (!next) return;
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {MODES.map((m) => (
        <button
          key={m}
          ref={(element) => {
            refs.current[m] = element;
          }}
          type="button"
          role="tab"
          id={`${panelId}-tab-${m}`}
          aria-selected={mode === m}
          aria-controls={panelId}
          tabIndex={mode === m ? 0 : -1}
          className={styles.tab}
          onClick={() => mode !== m && onChange(m)}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true" className={styles.tabIcon}>
            {m === 'text' ? 'Aa' : '▣'}
          </span>
          {names[m]}
        </button>
      ))}
    </div>
  );
}
