/** Where each kind of media lives in media storage (local disk or a bucket), by the file name its row keeps. */

/** An uploaded picture. */
export const uploadKey = (fileName: string) => `uploads/${fileName}`;

/** An account's picture. */
export const pictureKey = (fileName: string) => `pictures/${fileName}`;

/** A video's files (names as stored on the job row); rows without one are left out. */
export function videoKeys(...files: Array<string | null>): string[] {
  return files.filter((f): f is string => !!f).map((f) => `videos/${f}`);
}
