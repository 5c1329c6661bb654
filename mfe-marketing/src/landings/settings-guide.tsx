import { checkGenerationAccess, creditCost, DURATIONS, durationSeconds, MODELS, PLAN_FEATURES, PLAN_KEYS, RESOLUTIONS } from '@reelmint/shared';
import type { PlanKey, Resolution, VideoModel } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { useLandingText } from './landing-text.ts';
import pageStyles from '../ui/page.module.css';
import styles from './landing.module.css';

const MODEL_TEXT: Record<VideoModel, string> = { 'v1.0': 'landing.modelV1', 'v2.0': 'landing.modelV2' };
const RESOLUTION_TEXT: Record<Resolution, string> = { '512p': 'landing.res512', '720p': 'landing.res720', '1080p': 'landing.res1080' };

/** The plans whose features allow a model and resolution (every plan allows every duration). */
export function plansAllowing(model: VideoModel, resolution: Resolution): PlanKey[] {
  return PLAN_KEYS.filter((plan) => checkGenerationAccess({ model, resolution, duration: DURATIONS[0] }, PLAN_FEATURES[plan]).length === 0);
}

/**
 * Models, resolutions and durations in plain words, then what each combination costs and which
 * plans include it. Every number comes from the shared pricing and plan rules.
 */
export function SettingsGuide() {
  const { t } = useMarketingText();
  const { t: tl } = useLandingText();
  const rows = MODELS.flatMap((model) => RESOLUTIONS.map((resolution) => ({ model, resolution })));
  // Each duration's column header, also the label a cost cell shows when the rows are drawn as cards.
  const durations = DURATIONS.map((duration) => ({ duration, label: t('common.seconds', { count: durationSeconds(duration) }) }));

  return (
    <section className={pageStyles.section} aria-labelledby="settings-title">
      <h2 id="settings-title" className={pageStyles.sectionTitle}>
        {tl('landing.settingsTitle')}
      </h2>
      <p className={pageStyles.sectionLead}>{tl('landing.settingsLead')}</p>
      <div className={styles.settingGroups}>
        <div className={styles.settingGroup}>
          <h3>{tl('landing.modelsTitle')}</h3>
          <dl>
            {MODELS.map((model) => (
              <div key={model}>
                <dt>{model}</dt>
                <dd>{tl(MODEL_TEXT[model])}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className={styles.settingGroup}>
          <h3>{tl('landing.resolutionsTitle')}</h3>
          <dl>
            {RESOLUTIONS.map((resolution) => (
              <div key={resolution}>
                <dt>{resolution}</dt>
                <dd>{tl(RESOLUTION_TEXT[resolution])}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className={styles.settingGroup}>
          <h3>{tl('landing.durationsTitle')}</h3>
          <dl>
            <div>
              <dt>{durations.map(({ label }) => label).join(' · ')}</dt>
              <dd>{tl('landing.durations')}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className={styles.tableWrap}>
        {/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- the roles are the elements' own, written out: on a phone each row is drawn as a card (landing.module.css), and some browsers drop a table's semantics once its parts are no longer displayed as a table. */}
        <table className={styles.table} data-testid="cost-table" role="table">
          <caption>{tl('landing.tableCaption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                {tl('landing.tableSetting')}
              </th>
              {durations.map(({ duration, label }) => (
                <th key={duration} scope="col" role="columnheader">
                  {label}
                </th>
              ))}
              <th scope="col" role="columnheader">
                {tl('landing.tablePlans')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map(({ model, resolution }) => (
              <tr key={`${model}-${resolution}`} role="row">
                <th scope="row" role="rowheader">
                  {model} · {resolution}
                </th>
                {durations.map(({ duration, label }) => (
                  <td key={duration} role="cell" data-label={label}>
                    {t('common.credits', { count: creditCost({ model, resolution, duration }) })}
                  </td>
                ))}
                <td role="cell" data-label={tl('landing.tablePlans')}>
                  <span className={styles.planList}>
                    {plansAllowing(model, resolution).map((plan) => (
                      <span key={plan} className={styles.planTag} data-plan={plan}>
                        {t(`common.plans.${plan}`)}
                      </span>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- the table ends here. */}
      </div>
      <p className={styles.formula}>{tl('landing.tableFormula')}</p>
    </section>
  );
}
