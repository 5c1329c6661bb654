/** What the API accepts (api/README.md, Uploads): checked here first so nobody waits to be refused. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ImageProblem = { kind: 'type' } | { kind: 'size'; megabytes: number } | { kind: 'empty' };

export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > MAX_IMAGE_BYTES) return { kind: 'size', megabytes: Math.round((file.size / (1024 * 1024)) * 10) / 10 };
  return null;
}
