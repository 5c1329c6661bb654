import type { Envelope, PublicVideo } from '@reelmint/shared';

/**
 * The preview card of a shared video's page (`/v/<id>`): Open Graph and Twitter card tags written into the
 * first HTML, since the sites that unfurl a pasted link read the HTML and run no script. The video's data comes
 * from the API's public endpoint, the same one the page itself reads; a link that is not shared (private,
 * deleted, unknown) gets no card and a 404 status, so the answer reveals nothing either way. The fields it uses
 * are those of shared video-api's `publicVideo`.
 */
export type SharedVideoData = Pick<PublicVideo, 'id' | 'prompt' | 'width' | 'height' | 'videoUrl' | 'posterUrl'>;

export interface ShareCard {
  status: 200 | 404;
  /** Tags for the head: the card, or a noindex for a link that shows nothing. */
  tags: string;
}

export interface ShareCardText {
  /** The page's title when the video has no prompt (a picture animated without words). */
  title: string;
  description: string;
}

const SHARED_PATH = /^\/v\/([^/]+)$/;
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The id of a shared video's page, from its language-free path, or null for any other page. */
export function sharedVideoId(barePath: string): string | null {
  const match = SHARED_PATH.exec(barePath);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** Cards quote about this much of the prompt; longer ones are cut at a word with an ellipsis. */
const TITLE_MAX = 90;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}\u2026`;
}

/** Asks the API for a shared video; null when it is not shared, and also when the API cannot answer in time. */
export async function fetchSharedVideo(
  apiBase: string,
  id: string,
  timeoutMs: number,
  fetcher: typeof fetch = fetch,
  requestId?: string,
): Promise<SharedVideoData | 'not-shared' | null> {
  try {
    const response = await fetcher(`${apiBase.replace(/\/$/, '')}/api/public/videos/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return 'not-shared';
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<Envelope<SharedVideoData>>;
    return body.data && typeof body.data.videoUrl === 'string' ? body.data : null;
  } catch {
    return null;
  }
}

/** The card's tags for a shared video whose page is at `pageUrl`. */
export function shareCardTags(video: SharedVideoData, pageUrl: string, text: ShareCardText, siteName: string): string {
  const title = video.prompt ? shorten(video.prompt, TITLE_MAX) : text.title;
  const property = (name: string, content: string | number) => `<meta property="${name}" content="${escapeAttribute(String(content))}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeAttribute(content)}">`;
  return [
    property('og:type', 'video.other'),
    property('og:site_name', siteName),
    property('og:title', title),
    property('og:description', text.description),
    property('og:url', pageUrl),
    property('og:image', video.posterUrl),
    property('og:image:width', video.width),
    property('og:image:height', video.height),
    property('og:image:alt', title),
    property('og:video', video.videoUrl),
    property('og:video:type', 'video/mp4'),
    property('og:video:width', video.width),
    property('og:video:height', video.height),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', text.description),
    named('twitter:image', video.posterUrl),
    named('twitter:image:alt', title),
  ].join('');
}

/**
 * The card for a page, or null when the page is not a shared video's. When the API is slow or down the page
 * goes out without a card (status 200: the browser then shows what the API says), never held up for long.
 */
/** The answer for an address of a video that is not shared (or not there): a 404 kept out of search engines. */
const NOT_SHARED: ShareCard = { status: 404, tags: '<meta name="robots" content="noindex">' };

export async function shareCard(options: {
  barePath: string;
  pageUrl: string;
  apiBase: string | undefined;
  text: ShareCardText;
  siteName: string;
  timeoutMs?: number;
  fetcher?: typeof fetch;
  /** The page request's id, sent on to the API. */
  requestId?: string | undefined;
}): Promise<ShareCard | null> {
  const id = sharedVideoId(options.barePath);
  // A shared video's address whose id does not even decode names no video: not found, without asking the API.
  if (id === null) return SHARED_PATH.test(options.barePath) ? NOT_SHARED : null;
  if (!options.apiBase) return null;
  const video = await fetchSharedVideo(options.apiBase, id, options.timeoutMs ?? 1500, options.fetcher, options.requestId);
  if (video === 'not-shared') return NOT_SHARED;
  if (!video) return null;
  return { status: 200, tags: shareCardTags(video, options.pageUrl, options.text, options.siteName) };
}
