// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStyleCache, inlineCss } from './remote-styles.ts';

const SHEET = 'http://localhost:5176/releases/1.4.2+abc/assets/screens-AAAAAAAA.css';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fetch whose answers the test gives per address: a body, a status, or never. */
function origin(answers: Record<string, string | number | 'never'>) {
  const asked: string[] = [];
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    asked.push(url);
    const answer = answers[url] ?? 404;
    if (answer === 'never') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    return Promise.resolve(typeof answer === 'number' ? new Response('no', { status: answer }) : new Response(answer));
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("the remote screens' stylesheets a drawn page carries", () => {
  it('reads each stylesheet once and gives it to every later page at once', async () => {
    const remote = origin({ [SHEET]: '.card{color:red}' });
    const cache = createStyleCache({ fetch: remote.fetch });
    expect(await cache.get([SHEET], 100)).toEqual([{ href: SHEET, css: '.card{color:red}' }]);
    expect(await cache.get([SHEET], 0)).toEqual([{ href: SHEET, css: '.card{color:red}' }]);
    expect(await cache.get([], 0)).toEqual([]);
    expect(remote.asked).toEqual([SHEET]);
  });

  it('waits no longer than it is given for a stylesheet that does not come, and finds it for a later page once it has', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let answer: (response: Response) => void = () => undefined;
    const fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof globalThis.fetch;
    const cache = createStyleCache({ fetch });
    // The read has not been answered, and cannot be until `answer`: a cache that waited for it would never give this.
    expect(await cache.get([SHEET], 30)).toBeUndefined();
    answer(new Response('.late{}'));
    await vi.waitFor(async () => expect(await cache.get([SHEET], 0)).toEqual([{ href: SHEET, css: '.late{}' }]));
  });

  it('gives nothing while any of a screen’s stylesheets is missing: a screen is never drawn half styled', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = 'http://localhost:5176/releases/1.4.2+abc/assets/more-BBBBBBBB.css';
    const cache = createStyleCache({ fetch: origin({ [SHEET]: '.a{}', [other]: 500 }).fetch });
    expect(await cache.get([SHEET, other], 100)).toBeUndefined();
  });

  it('keeps no failed read: an error answer or an origin that never answers is asked again after a pause, not on every page', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let clock = 0;
    const answers: Record<string, string | number | 'never'> = { [SHEET]: 500 };
    const remote = origin(answers);
    const cache = createStyleCache({ fetch: remote.fetch, fetchTimeoutMs: 20, retryAfterMs: 5000, now: () => clock });
    expect(await cache.get([SHEET], 100)).toBeUndefined();
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('answered 500'));
    expect(await cache.get([SHEET], 100)).toBeUndefined();
    expect(remote.asked).toHaveLength(1);

    answers[SHEET] = 'never';
    clock = 6000;
    expect(await cache.get([SHEET], 100)).toBeUndefined();
    expect(remote.asked).toHaveLength(2);

    answers[SHEET] = '.back{}';
    clock = 12_000;
    expect(await cache.get([SHEET], 100)).toEqual([{ href: SHEET, css: '.back{}' }]);
  });

  it('forgets the least recently used stylesheets past its size', async () => {
    const sheets = ['a', 'b', 'c'].map((name) => `http://localhost:5174/assets/${name}-AAAAAAAA.css`);
    const remote = origin(Object.fromEntries(sheets.map((href) => [href, '.x{color:red}'])));
    const cache = createStyleCache({ fetch: remote.fetch, maxChars: 30 });
    await cache.get([sheets[0]!], 100);
    await cache.get([sheets[1]!], 100);
    await cache.get([sheets[0]!], 100);
    await cache.get([sheets[2]!], 100);
    expect(remote.asked).toEqual([sheets[0], sheets[1], sheets[2]]);
    await cache.get([sheets[0]!, sheets[2]!], 100);
    expect(remote.asked).toHaveLength(3);
    await cache.get([sheets[1]!], 100);
    expect(remote.asked).toHaveLength(4);
  });
});

describe('a stylesheet written into the page', () => {
  it('resolves relative addresses against its own file, as they would in the remote’s file', () => {
    const css = inlineCss(
      `.a{background:url(../img/x.svg)}.b{background:url("/icons/y.png")}.c{background:url('data:image/svg+xml;utf8,<svg/>')}@import "more.css";.d{mask:url(#m)}.e{background:url(https://cdn.example/z.png)}`,
      SHEET,
    );
    expect(css).toContain('url(http://localhost:5176/releases/1.4.2+abc/img/x.svg)');
    expect(css).toContain('url("http://localhost:5176/icons/y.png")');
    expect(css).toContain(`url('data:image/svg+xml;utf8,<svg/>')`);
    expect(css).toContain('@import "http://localhost:5176/releases/1.4.2+abc/assets/more.css"');
    expect(css).toContain('url(#m)');
    expect(css).toContain('url(https://cdn.example/z.png)');
  });

  it('cannot end the <style> element it is written into', () => {
    const css = inlineCss('.a::after{content:"</style><script>alert(1)</script>"}.b::after{content:"</STYLE>"}', SHEET);
    expect(css).not.toMatch(/<\/style/i);
    expect(css).toContain('<\\/style><script>');
  });
});
