import { useGeneratorText } from '../i18n.ts';
import { editSummary } from './edit-summary.ts';
import type { VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

interface Props {
  video: VideoRecord;
  onShowSource: (id: string) => void;
}

/** What an edit did and a way back to the video it was made from (kept as it was). */
export function EditedFrom({ video, onShowSource }: Props) {
  const { t } = useGeneratorText();
  const edit = video.edit;
  if (!edit) return null;
  const source = video.sourceId ?? edit.sourceIds[0];
  return (
    <p className={styles.made} data-testid="edited-from">
      <span>{editSummary(t, video)}</span>
      {source && (
        <button type="button" className={styles.link} onClick={() => onShowSource(source)} data-testid="show-source">
          {t('edit.showSource')}
        </button>
      )}
    </p>
  );
}
