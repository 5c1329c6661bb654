import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useGeneratorText } from '../i18n.ts';
import { saveDraftImage } from './draft.ts';
import type { DraftImage } from './draft.ts';
import { errorMessage, isAbort, needsSignIn, refusedForGood } from './errors.ts';
import { checkImageFile, MAX_IMAGE_PIXELS, readPictureSize } from './image-file.ts';
import type { ImageState } from './image-drop.tsx';
import { videoApi } from './video-api.ts';

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',');
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

function restored(saved: DraftImage | undefined): ImageState | null {
  if (!saved) return null;
  return { name: saved.name, dataUrl: saved.dataUrl, status: saved.uploadId ? 'ready' : 'local', progress: saved.uploadId ? 1 : 0, uploadId: saved.uploadId };
}

interface Options {
  /** What the draft kept of the picture when the studio opened. */
  saved: DraftImage | undefined;
  signedIn: boolean;
  /** The upload was refused for want of a session: the picture waits in the draft while the person signs in. */
  onSignInNeeded: () => void;
}

/**
 * The source picture of an image video: checked and read for its preview when chosen, uploaded with progress once
 * there is a session (a picture chosen while signed out, or restored from the draft, goes up after sign-in), and
 * kept in the draft whenever it changes.
 */
export function usePicture({ saved, signedIn, onSignInNeeded }: Options) {
  const { t } = useGeneratorText();
  const [image, setImage] = useState<ImageState | null>(() => restored(saved));
  /** A refusal before anything was sent (wrong type, too big), or what is missing when Generate is pressed. */
  const [problem, setProblem] = useState<string | null>(null);
  const imageBlob = useRef<Blob | null>(null);
  const uploadController = useRef<AbortController | null>(null);
  /** The file being read for its preview, so that a file chosen after it wins whichever is read first. */
  const chosenFile = useRef<object | null>(null);

  // Saved apart from the words, and only when the picture changes: upload progress and typing leave it alone.
  const imageName = image?.name;
  const imageUploadId = image?.uploadId;
  const imageDataUrl = image?.dataUrl;
  useEffect(() => {
    saveDraftImage(imageName === undefined ? null : { name: imageName, uploadId: imageUploadId, dataUrl: imageDataUrl });
  }, [imageName, imageUploadId, imageDataUrl]);

  const imageStatus = image?.status;
  const upload = useEffectEvent(() => {
    if (!image) return;
    const blob = imageBlob.current ?? (image.dataUrl ? dataUrlToBlob(image.dataUrl) : null);
    if (!blob) {
      // Neither the file nor its bytes survived (storage refused them): the person has to choose it again.
      setImage(null);
      return;
    }
    uploadController.current?.abort();
    const controller = new AbortController();
    uploadController.current = controller;
    setImage((current) => current && { ...current, status: 'uploading', progress: 0, error: undefined, retryable: undefined });
    videoApi
      .upload(
        blob,
        image.name,
        (fraction) => setImage((current) => (current?.status === 'uploading' ? { ...current, progress: fraction } : current)),
        controller.signal,
      )
      .then(
        (reply) => {
          if (controller.signal.aborted) return;
          imageBlob.current = null;
          setImage((current) => current && { ...current, status: 'ready', progress: 1, uploadId: reply.id });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          if (needsSignIn(error)) {
            setImage((current) => current && { ...current, status: 'local', progress: 0 });
            onSignInNeeded();
            return;
          }
          // A picture the server refuses for what it is can only be replaced or removed; anything else may be tried again.
          setImage((current) => current && { ...current, status: 'error', error: errorMessage(t, error), retryable: !refusedForGood(error) });
        },
      );
  });
  // Keyed on the status only: progress updates to the same picture must not restart its upload.
  useEffect(() => {
    if (signedIn && imageStatus === 'local') upload();
  }, [signedIn, imageStatus]);

  useEffect(() => () => uploadController.current?.abort(), []);

  /**
   * Takes a chosen, dropped or pasted file: false when it is refused (the problem says why), else true, and the
   * picture appears once read.
   */
  const choose = (file: File): boolean => {
    const refusal = checkImageFile(file);
    if (refusal) {
      setProblem(refusal.kind === 'size' ? t('image.errors.size', { size: refusal.megabytes }) : t(`image.errors.${refusal.kind}`));
      return false;
    }
    setProblem(null);
    uploadController.current?.abort();
    imageBlob.current = file;
    const chosen = (chosenFile.current = {});
    void readDataUrl(file)
      .then(async (dataUrl) => ({ dataUrl, size: await readPictureSize(dataUrl) }))
      .then(
        ({ dataUrl, size }) => {
          // Another file chosen meanwhile wins.
          if (chosenFile.current !== chosen) return;
          if (!size) setProblem(t('errors.invalidImage'));
          else if (size.width * size.height > MAX_IMAGE_PIXELS) setProblem(t('image.errors.pixels', { width: size.width, height: size.height }));
          else setImage({ name: file.name || t('image.pastedName'), dataUrl, status: 'local', progress: 0 });
        },
        () => setProblem(t('errors.invalidImage')),
      );
    return true;
  };

  const remove = () => {
    chosenFile.current = null;
    uploadController.current?.abort();
    imageBlob.current = null;
    setImage(null);
  };

  /** Tries a failed upload again. */
  const retry = () => setImage((current) => current && { ...current, status: 'local' });

  /** The server no longer has the uploaded picture: it has to be chosen again. */
  const uploadLost = (message: string) => setImage((current) => current && { ...current, status: 'error', uploadId: undefined, error: message });

  return { image, problem, setProblem, choose, remove, retry, uploadLost };
}

export type Picture = ReturnType<typeof usePicture>;
