import * as Tabs from '@radix-ui/react-tabs';
import type { GeneratorMode } from './mode.ts';
import styles from './studio.module.css';

const MODES: readonly GeneratorMode[] = ['text', 'image'];

interface Props {
  mode: GeneratorMode;
  label: string;
  names: Record<GeneratorMode, string>;
  /** The one panel both modes share (the studio's inputs); each tab names it and the panel names the selected tab. */
  panelId: string;
  onChange: (mode: GeneratorMode) => void;
}

/**
 * The two modes as tabs, Radix's (arrow keys, Home and End move between them and choose as they go); the choice lives
 * in the URL. Both tabs control one panel, the page's own, so the ids are given here rather than Radix's per-value ones.
 */
export function ModeTabs({ mode, label, names, panelId, onChange }: Props) {
  return (
    <Tabs.Root
      value={mode}
      onValueChange={(value) => {
        const next = MODES.find((m) => m === value);
        if (next) onChange(next);
      }}
    >
      {/* Radix writes `outline: none` as an inline style, which the drawn page's security policy refuses: the
          stylesheet says it instead. */}
      <Tabs.List className={styles.tabs} aria-label={label} style={{ outline: undefined }}>
        {MODES.map((m) => (
          <Tabs.Trigger key={m} value={m} id={`${panelId}-tab-${m}`} aria-controls={panelId} className={styles.tab}>
            <span aria-hidden="true" className={styles.tabIcon}>
              {m === 'text' ? 'Aa' : '▣'}
            </span>
            {names[m]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
