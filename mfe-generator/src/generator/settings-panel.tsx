import { useId } from 'react';
import { ASPECT_RATIOS, DURATIONS, MODELS, RESOLUTIONS } from '@reelmint/shared';
import type { AspectRatio, FeatureFlag, GenerationConfig, PlanFeatures } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { DEFAULT_CONFIG, lockedFeature, lockMessage, SHAPE_KEYS } from './settings.ts';
import type { SettingField } from './settings.ts';
import styles from './studio.module.css';

interface Props {
  config: GenerationConfig;
  features: PlanFeatures;
  /** The option last refused because of the plan, explained under its group. */
  refused: { field: SettingField; feature: FeatureFlag; paused?: boolean } | null;
  onChange: (config: GenerationConfig) => void;
  onLocked: (field: SettingField, feature: FeatureFlag) => void;
}

const OPTIONS: { field: SettingField; values: readonly string[] }[] = [
  { field: 'model', values: MODELS },
  { field: 'resolution', values: RESOLUTIONS },
  { field: 'duration', values: DURATIONS },
  { field: 'aspectRatio', values: ASPECT_RATIOS },
];

/**
 * Model, resolution, duration and shape as groups of toggle buttons. Options the plan does not include
 * stay visible and selectable-looking but marked; choosing one explains why instead of selecting it.
 */
export function SettingsPanel({ config, features, refused, onChange, onLocked }: Props) {
  const { t } = useGeneratorText();
  const baseId = useId();

  return (
    <div className={styles.settings}>
      {OPTIONS.map(({ field, values }) => {
        const labelId = `${baseId}-${field}`;
        const noteId = `${baseId}-${field}-note`;
        const note = refused?.field !== field ? null : refused.paused ? t('locks.paused') : t(...lockMessage(refused.feature));
        // Read with each locked option only: a group with nothing locked says nothing about upgrading.
        const anyLocked = values.some((value) => lockedFeature(field, value as GenerationConfig[typeof field], features) !== null);
        return (
          <div key={field} className={styles.settingGroup} role="group" aria-labelledby={labelId}>
            <span id={labelId} className={styles.settingLabel}>
              {field === 'aspectRatio' ? t('shape.label') : t(`settings.${field}`)}
            </span>
            <div className={styles.segments}>
              {values.map((value) => {
                const feature = lockedFeature(field, value as GenerationConfig[typeof field], features);
                const selected = (config[field] ?? DEFAULT_CONFIG[field]) === value;
                return (
                  <button
                    key={value}
                    type="button"
                    className={styles.segment}
                    aria-pressed={selected}
                    data-locked={feature ? 'true' : undefined}
                    aria-describedby={feature ? `${noteId}-lock` : undefined}
                    onClick={() => (feature ? onLocked(field, feature) : onChange({ ...config, [field]: value }))}
                  >
                    {value}
                    {field === 'aspectRatio' && <span className={styles.segmentNote}>{t(`shape.names.${SHAPE_KEYS[value as AspectRatio]}`)}</span>}
                    {feature && (
                      <span className={styles.lockBadge}>
                        <svg aria-hidden="true" width="11" height="11" viewBox="0 0 24 24" fill="currentColor">
                          <path d="M17 9V7a5 5 0 0 0-10 0v2H5v13h14V9h-2zm-8-2a3 3 0 0 1 6 0v2H9V7z" />
                        </svg>
                        {t('settings.upgrade')}
                      </span>
                    )}
                  </button>
                );
              })}
            </div>
            {anyLocked && (
              <span id={`${noteId}-lock`} className="rm-visually-hidden">
                {t('settings.lockedHint')}
              </span>
            )}
            <p className={styles.lockNote} aria-live="polite" data-testid={`lock-note-${field}`}>
              {note}
            </p>
          </div>
        );
      })}
    </div>
  );
}
