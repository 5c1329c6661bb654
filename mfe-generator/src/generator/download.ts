/**
 * Saves a video as a file. The video comes from the API's origin, where the `download` attribute
 * is ignored, so the bytes are fetched (the API allows this site's origins) and saved from a blob.
 */
export async function downloadVideo(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP error ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

export function videoFileName(id: string): string {
  return `reelmint-${id.replace(/[^a-zA-Z0-9_-]/g, '')}.mp4`;
}
