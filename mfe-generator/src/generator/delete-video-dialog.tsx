import { useGeneratorText } from '../i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { DeleteOrigin } from './use-delete-video.ts';
import type { VideoRecord } from './video-api.ts';

interface Props {
  video: VideoRecord;
  from: DeleteOrigin;
  deleting: boolean;
  /** The headings focus falls back to, by the panel that asked, once the video and its button are gone. */
  headingIds: Record<DeleteOrigin, string>;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a video is deleted; an unfinished one is said to be refunded. */
export function DeleteVideoDialog({ video, from, deleting, headingIds, onConfirm, onCancel }: Props) {
  const { t } = useGeneratorText();
  const inProgress = video.status === 'queued' || video.status === 'processing';
  return (
    <ConfirmDialog
      title={t('delete.title')}
      body={inProgress ? t('delete.bodyInProgress') : t('delete.body')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      busy={deleting}
      fallbackFocus={() => document.getElementById(headingIds[from]) ?? document.getElementById(headingIds.result)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
