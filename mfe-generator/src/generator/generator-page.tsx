import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { creditCost, DURATIONS, MODELS, RESOLUTIONS, stripLanguage, useAuth, useLocalizePath } from '@reelmint/shared';
import type { GenerationConfig } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { modeFromPath, pathForMode } from './mode.ts';
import type { GeneratorMode } from './mode.ts';
import styles from './generator-page.module.css';

export const PROMPT_MAX = 1000;

/** /text-to-video/generator, /image-to-video/generator and /generator: one screen, two modes. */
export default function GeneratorPage() {
  const { t } = useGeneratorText();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const signedIn = useAuth((s) => !!s.token);
  const mode = modeFromPath(location.pathname);
  const [prompt, setPrompt] = useState('');
  const [config, setConfig] = useState<GenerationConfig>({ model: 'v1.0', resolution: '512p', duration: '5s' });
  const ids = { prompt: useId(), model: useId(), resolution: useId(), duration: useId() };

  const switchMode = (next: GeneratorMode) => navigate(localize(pathForMode(next)));
  const onGenerate = () => {
    if (!signedIn) navigate(localize(`/auth?returnTo=${encodeURIComponent(stripLanguage(location.pathname))}`));
  };

  return (
    <main className={styles.page} data-remote="generator">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('modes.label')}>
        {(['text', 'image'] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} className={styles.tab} onClick={() => switchMode(m)}>
            {t(`modes.${m}`)}
          </button>
        ))}
      </div>
      <div className={styles.panel}>
        <label htmlFor={ids.prompt} className={styles.label}>{t('prompt.label')}</label>
        <textarea
          id={ids.prompt}
          className={styles.prompt}
          value={prompt}
          maxLength={PROMPT_MAX}
          placeholder={t('prompt.placeholder')}
          onChange={(event) => setPrompt(event.target.value)}
          rows={4}
        />
        <p className={styles.counter} aria-live="polite">{t('prompt.counter', { count: prompt.length, max: PROMPT_MAX })}</p>
        <div className={styles.settings}>
          <Select id={ids.model} label={t('settings.model')} value={config.model} options={MODELS} onChange={(model) => setConfig({ ...config, model })} />
          <Select id={ids.resolution} label={t('settings.resolution')} value={config.resolution} options={RESOLUTIONS} onChange={(resolution) => setConfig({ ...config, resolution })} />
          <Select id={ids.duration} label={t('settings.duration')} value={config.duration} options={DURATIONS} onChange={(duration) => setConfig({ ...config, duration })} />
        </div>
        <p className={styles.cost} data-testid="generation-cost">{t('cost', { count: creditCost(config) })}</p>
        <button type="button" className={styles.generate} onClick={onGenerate} disabled={signedIn && mode === 'text' && prompt.trim() === ''}>
          {signedIn ? t('generate') : t('signInToGenerate')}
        </button>
      </div>
    </main>
  );
}

function Select<T extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: T; options: readonly T[]; onChange: (value: T) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>{option}</option>
        ))}
      </select>
    </div>
  );
}
