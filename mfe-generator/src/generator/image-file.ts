/** What the API accepts (api/README.md, Uploads): checked here first so nobody waits to be refused. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The API's limit on a picture's canvas (api/README.md, Uploads): a small file can hold a huge one. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageProblem = { kind: 'type' } | { kind: 'size'; megabytes: number } | { kind: 'empty' };

export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > MAX_IMAGE_BYTES) return { kind: 'size', megabytes: Math.round((file.size / (1024 * 1024)) * 10) / 10 };
  return null;
}

/**
 * The picture's size in pixels once the browser has read it, or null when the file does not read as a picture (a
 * text file named .png, a damaged image): it is then refused here, before a broken preview or an upload.
 */
export function readPictureSize(dataUrl: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const picture = new Image();
    picture.onload = () =>
      resolve(picture.naturalWidth > 0 && picture.naturalHeight > 0 ? { width: picture.naturalWidth, height: picture.naturalHeight } : null);
    picture.onerror = () => resolve(null);
    picture.src = dataUrl;
  });
}
