// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shareCard, sharedVideoId } from './share-card.ts';

const VIDEO = {
  id: 'vid_1',
  prompt: 'A "quiet" harbour <at> dawn & boats',
  width: 512,
  height: 912,
  videoUrl: 'https://api.example/api/public/videos/vid_1/file',
  posterUrl: 'https://api.example/api/public/videos/vid_1/poster',
};
const TEXT = { title: 'Shared video | Reelmint', description: 'A video made with Reelmint.' };

const answering = (status: number, body: unknown) => {
  const asked: string[] = [];
  const fetcher = (async (url: string | URL | Request) => {
    asked.push(String(url));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, asked };
};

const card = (barePath: string, fetcher: typeof fetch) =>
  shareCard({ barePath, pageUrl: 'https://reelmint.example/fr/v/vid_1', apiBase: 'https://api.example', text: TEXT, siteName: 'Reelmint', fetcher });

describe('the preview card of a shared video', () => {
  it('knows a shared video page by its path', () => {
    expect(sharedVideoId('/v/vid_1')).toBe('vid_1');
    expect(sharedVideoId('/v/vid%201')).toBe('vid 1');
    expect(sharedVideoId('/v/')).toBeNull();
    expect(sharedVideoId('/v/a/b')).toBeNull();
    expect(sharedVideoId('/pricing')).toBeNull();
  });

  it('writes Open Graph and Twitter tags from the API, with the prompt escaped as the title', async () => {
    const { fetcher, asked } = answering(200, { success: true, data: VIDEO });
    const result = await card('/v/vid_1', fetcher);
    expect(asked).toEqual(['https://api.example/api/public/videos/vid_1']);
    expect(result?.status).toBe(200);
    const tags = result!.tags;
    expect(tags).toContain('<meta property="og:type" content="video.other">');
    expect(tags).toContain('<meta property="og:title" content="A &quot;quiet&quot; harbour &lt;at&gt; dawn &amp; boats">');
    expect(tags).toContain('<meta property="og:url" content="https://reelmint.example/fr/v/vid_1">');
    expect(tags).toContain(`<meta property="og:image" content="${VIDEO.posterUrl}">`);
    expect(tags).toContain(`<meta property="og:video" content="${VIDEO.videoUrl}">`);
    expect(tags).toContain('<meta property="og:video:height" content="912">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toContain(`<meta name="twitter:image" content="${VIDEO.posterUrl}">`);
  });

  it('uses the page title for a picture video without a prompt, and shortens a long prompt', async () => {
    expect((await card('/v/vid_1', answering(200, { data: { ...VIDEO, prompt: null } }).fetcher))!.tags).toContain(
      '<meta property="og:title" content="Shared video | Reelmint">',
    );
    const long = `${'word '.repeat(40)}end`;
    const tags = (await card('/v/vid_1', answering(200, { data: { ...VIDEO, prompt: long } }).fetcher))!.tags;
    const title = /og:title" content="([^"]*)"/.exec(tags)![1]!;
    expect(title.length).toBeLessThanOrEqual(90);
    expect(title.endsWith('\u2026')).toBe(true);
  });

  it('sends the page request’s id on with its API read', async () => {
    const ids: Array<string | null> = [];
    const fetcher = (async (_url: string | URL | Request, init?: RequestInit) => {
      ids.push(new Headers(init?.headers).get('x-request-id'));
      return new Response(JSON.stringify({ data: VIDEO }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await shareCard({
      barePath: '/v/vid_1',
      pageUrl: '',
      apiBase: 'https://api.example',
      text: TEXT,
      siteName: 'Reelmint',
      fetcher,
      requestId: 'edge-91b0c3aa-0007',
    });
    expect(ids).toEqual(['edge-91b0c3aa-0007']);
  });

  it('answers a link that is not shared with a 404 and no card, and leaves other pages and API failures alone', async () => {
    expect(await card('/v/vid_gone', answering(404, { success: false, error: 'NOT_FOUND' }).fetcher)).toEqual({
      status: 404,
      tags: '<meta name="robots" content="noindex">',
    });
    expect(await card('/v/vid_1', answering(503, {}).fetcher)).toBeNull();
    const { fetcher, asked } = answering(200, { data: VIDEO });
    expect(await card('/pricing', fetcher)).toBeNull();
    // An id that does not decode names no video: not found, and the API is not asked.
    expect(await card('/v/%E0%A4%A', fetcher)).toEqual({ status: 404, tags: '<meta name="robots" content="noindex">' });
    expect(asked).toEqual([]);
    const hanging = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    expect(
      await shareCard({ barePath: '/v/vid_1', pageUrl: '', apiBase: 'https://api.example', text: TEXT, siteName: 'Reelmint', fetcher: hanging, timeoutMs: 50 }),
    ).toBeNull();
  });
});
