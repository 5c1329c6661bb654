import { useGeneratorText } from '../i18n.ts';
import type { VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

interface Props {
  video: VideoRecord;
  onShowSource: (id: string) => void;
  disabled?: boolean;
}

/** What an edit did and a way back to the video it was made from (kept as it was). */
export function EditedFrom({ video, onShowSource, disabled }: Props) {
  const { t } = useGeneratorText();
  const edit = video.edit;
  if (!edit) return null;
  const source = video.sourceId ?? edit.sourceIds[0];
  let detail = '';
  if (edit.kind === 'trim') detail = t('edit.made.trim', { start: edit.start, end: edit.end });
  else if (edit.kind === 'reframe') detail = t('edit.made.reframe', { shape: edit.aspectRatio, mode: t(`edit.reframe.modes.${edit.mode ?? 'crop'}`) });
  else if (edit.kind === 'speed') detail = t('edit.made.speed', { value: edit.speed });
  else if (edit.kind === 'merge')
    detail = t('edit.made.merge', { clips: edit.sourceIds.length, transition: t(`edit.merge.transitions.${edit.transition ?? 'cut'}`) });
  else detail = t('edit.made.extend', { value: (edit.duration ?? '5s').replace('s', '') });
  return (
    <p className={styles.made} data-testid="edited-from">
      <span>{detail}</span>
      {source && (
        <button type="button" className={styles.link} disabled={disabled} onClick={() => onShowSource(source)} data-testid="show-source">
          {t('edit.showSource')}
        </button>
      )}
    </p>
  );
}
