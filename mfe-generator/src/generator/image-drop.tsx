import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useGeneratorText } from '../i18n.ts';
import { ACCEPTED_IMAGE_TYPES } from './image-file.ts';
import styles from './studio.module.css';

export interface ImageState {
  name: string;
  /** Absent for an uploaded picture restored after a reload when it was too big to keep a preview of. */
  dataUrl?: string;
  status: 'local' | 'uploading' | 'ready' | 'error';
  progress: number;
  uploadId?: string;
  error?: string;
  /** Whether sending the same picture again may work (false when the server refused the picture itself). */
  retryable?: boolean;
}

interface Props {
  image: ImageState | null;
  /** A refusal before anything was sent (wrong type, too big), or a missing picture on generate. */
  problem: string | null;
  signedIn: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
  onRetry: () => void;
}

function firstFile(list: FileList | DataTransferItemList | null | undefined): File | null {
  if (!list) return null;
  for (const entry of Array.from(list as ArrayLike<File | DataTransferItem>)) {
    if (entry instanceof File) return entry;
    if (entry.kind === 'file') return entry.getAsFile();
  }
  return null;
}

/** A picture by click, drag-and-drop or paste, with its preview and upload progress. */
export function ImageDrop({ image, problem, signedIn, onFile, onRemove, onRetry }: Props) {
  const { t } = useGeneratorText();
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const pasted = useEffectEvent((file: File) => onFile(file));

  // Paste anywhere on the page while this mode is open; text pastes into the prompt are left alone.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = firstFile(event.clipboardData?.items) ?? firstFile(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      pasted(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = firstFile(event.dataTransfer.files);
    if (file) onFile(file);
  };

  const percent = Math.round((image?.progress ?? 0) * 100);

  return (
    <div className={styles.imageField}>
      <label htmlFor={inputId} className={styles.fieldLabel}>
        {t('image.label')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="rm-visually-hidden"
        // The drop zone and Replace button open it; as a tab stop of its own it would be a second, unnamed one.
        tabIndex={-1}
        aria-describedby={`${hintId}${problem ? ` ${statusId}` : ''}`}
        aria-invalid={problem ? true : undefined}
        data-testid="image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      {image ? (
        <div className={styles.preview} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
          {image.dataUrl ? (
            <img src={image.dataUrl} alt={t('image.previewAlt', { name: image.name })} className={styles.previewImage} />
          ) : (
            <span role="img" aria-label={t('image.previewAlt', { name: image.name })} className={styles.previewBlank} />
          )}
          <div className={styles.previewMeta}>
            <span className={styles.previewName}>{image.name}</span>
            <span aria-live="polite" data-testid="upload-status">
              {image.status === 'uploading' && t('image.uploading', { percent })}
              {image.status === 'ready' && t('image.uploaded')}
              {image.status === 'local' && !signedIn && t('image.signInToUpload')}
              {image.status === 'error' && <span className={styles.errorText}>{image.error}</span>}
            </span>
            {image.status === 'uploading' && <progress className={styles.uploadBar} max={100} value={percent} aria-label={t('image.uploadProgress')} />}
            <div className={styles.previewActions}>
              <button type="button" className={styles.ghostButton} onClick={() => inputRef.current?.click()}>
                {t('image.replace')}
              </button>
              {image.status === 'error' && image.retryable !== false && (
                <button type="button" className={styles.ghostButton} onClick={onRetry}>
                  {t('image.retry')}
                </button>
              )}
              <button type="button" className={styles.ghostButton} onClick={onRemove}>
                {t('image.remove')}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={styles.dropZone}
          data-dragging={dragging || undefined}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <svg aria-hidden="true" width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
            <rect x="3" y="4" width="18" height="16" rx="3" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-9 9" />
          </svg>
          <span className={styles.dropTitle}>{t('image.drop')}</span>
          <span className={styles.dropAction}>{t('image.browse')}</span>
        </button>
      )}
      <p id={hintId} className={styles.hint}>
        {t('image.hint')}
      </p>
      <p id={statusId} className={styles.errorText} role="alert" data-testid="image-problem">
        {problem}
      </p>
    </div>
  );
}
