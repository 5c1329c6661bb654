import { useGeneratorText } from '../i18n.ts';
import type { ChosenTemplate } from './use-studio-draft.ts';
import styles from './studio.module.css';

/** Names the gallery template the prompt came from; clearing it makes the next video a plain text one. */
export function TemplateChip({ template, onClear }: { template: ChosenTemplate; onClear: () => void }) {
  const { t } = useGeneratorText();
  return (
    <div className={styles.templateChip} data-testid="template-chip">
      <span>{t('template.using', { title: template.title })}</span>
      <button type="button" className={styles.chipClear} onClick={onClear} aria-label={t('template.clearLabel', { title: template.title })}>
        {t('template.clear')}
      </button>
    </div>
  );
}
