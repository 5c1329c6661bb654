// @vitest-environment node
import { expect, it } from 'vitest';
import { checkImageFile, MAX_IMAGE_BYTES } from './image-file.ts';

it('accepts PNG, JPEG and WebP up to 10 MB and says what is wrong with anything else', () => {
  expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
  expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
  expect(checkImageFile({ type: 'image/webp', size: 1 })).toBeNull();
  expect(checkImageFile({ type: 'image/gif', size: 1000 })).toEqual({ kind: 'type' });
  expect(checkImageFile({ type: 'text/plain', size: 1000 })).toEqual({ kind: 'type' });
  expect(checkImageFile({ type: '', size: 1000 })).toEqual({ kind: 'type' });
  expect(checkImageFile({ type: 'image/png', size: 0 })).toEqual({ kind: 'empty' });
  expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toEqual({ kind: 'size', megabytes: 10 });
  expect(checkImageFile({ type: 'image/png', size: 12.5 * 1024 * 1024 })).toEqual({ kind: 'size', megabytes: 12.5 });
});
