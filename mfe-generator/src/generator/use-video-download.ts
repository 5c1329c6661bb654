import { useState } from 'react';
import { notify } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { downloadVideo, videoFileName } from './download.ts';
import type { VideoRecord } from './video-api.ts';

/** Saves a finished video as a file; `downloadingId` is the one on its way, whose button says so. */
export function useVideoDownload() {
  const { t } = useGeneratorText();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const download = async (video: VideoRecord) => {
    if (!video.videoUrl) return;
    setDownloadingId(video.id);
    try {
      await downloadVideo(video.videoUrl, videoFileName(video.id));
    } catch {
      notify('error', t('result.downloadFailed'));
    } finally {
      setDownloadingId(null);
    }
  };

  return { downloadingId, download };
}
