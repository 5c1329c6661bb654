import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from '@reelmint/testing';
import { freshStudioEachTest, jobAccepted, page, pngOfSize, signIn, video } from '../test/studio.tsx';

freshStudioEachTest();

describe('the starting picture', () => {
  it('refuses a file that is not a picture before sending anything', async () => {
    const xhr = vi.fn();
    vi.stubGlobal('XMLHttpRequest', xhr);
    await signIn();
    await page('/image-to-video/generator');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByTestId('image-input'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('image-problem')).toHaveTextContent('This file is not a picture we can use. Choose a PNG, JPEG or WebP image.');
    await user.upload(screen.getByTestId('image-input'), new File([new Uint8Array(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByTestId('image-problem')).toHaveTextContent('This picture is 11 MB; the limit is 10 MB.');
    expect(xhr).not.toHaveBeenCalled();
  });

  it('refuses a file that does not read as a picture, and one over 40 megapixels, with no preview and nothing sent', async () => {
    const sent = fakeUploads(201);
    await signIn();
    await page('/image-to-video/generator');
    expect(await screen.findByText('PNG, JPEG or WebP, up to 10 MB and 40 megapixels.')).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('image-input'), new File(['not a picture at all'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('This picture could not be read. Try another file.')).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('image-input'), new File([pngOfSize(7000, 7000)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('This picture is 7000 × 7000 pixels; the limit is 40 megapixels. Choose a smaller one.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Your starting picture/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Drop a picture here/ })).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // A picture within the limits is shown and sent.
    await userEvent.upload(screen.getByTestId('image-input'), new File([pngOfSize(4000, 3000)], 'wide.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Your starting picture: wide.png' })).toBeInTheDocument();
    expect(await screen.findByText('Picture uploaded and ready.')).toBeInTheDocument();
    expect(screen.getByTestId('image-problem')).toBeEmptyDOMElement();
    expect(sent).toHaveLength(1);
  });

  it('offers to send a picture again after a server error, not after the server refused the picture itself', async () => {
    const refused = fakeUploads(415);
    await signIn();
    await page('/image-to-video/generator');
    await userEvent.upload(await screen.findByTestId('image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is not a picture we can use. Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(refused).toHaveLength(1);

    const failing = fakeUploads(503);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.upload(screen.getByTestId('image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'dog.png', { type: 'image/png' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failing).toHaveLength(2));
  });

  it('uploads a picture with progress, then generates an image video from it', async () => {
    const sent: FormData[] = [];
    // The server's answer comes when the test has seen the progress: on a busy machine a fixed delay could end the
    // upload before the page ever drew its 50%.
    let answer = () => {};
    class FakeXhr {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      responseType = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      headers: Record<string, string> = {};
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {}
      send(body: FormData) {
        sent.push(body);
        answer = () => {
          this.status = 201;
          this.responseText = JSON.stringify({ success: true, data: { id: 'img_1', width: 4, height: 4, mimeType: 'image/png', size: 4 } });
          this.onload?.();
        };
        setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 10);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted({ id: 'vid_3', type: 'image-to-video' }),
      'GET /api/videos/status/:id': () => ok(video({ id: 'vid_3', type: 'image-to-video', status: 'queued', progress: 0, videoUrl: null })),
    });
    await signIn();
    await page('/image-to-video/generator');
    await userEvent.upload(await screen.findByTestId('image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Picture uploaded and ready.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your starting picture: cat.png' })).toBeInTheDocument();
    expect(sent[0]!.get('file')).toBeInstanceOf(File);

    // The picture is kept with its id and its preview, which is read from the file beside the upload and may come after it.
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('reelmint:generator:draft-image') ?? '{}')).toMatchObject({
        uploadId: 'img_1',
        dataUrl: expect.stringContaining('data:image') as unknown,
      }),
    );
    // Typing re-saves the words only: the picture (a data URL up to ~13 MB) is not copied again per key.
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    await userEvent.type(screen.getByLabelText('Describe the motion (optional)'), 'Zoom');
    expect(writes.mock.calls.filter(([key]) => key === 'reelmint:generator:draft')).toHaveLength(4);
    expect(writes.mock.calls.filter(([key]) => key === 'reelmint:generator:draft-image')).toHaveLength(0);
    expect(writes.mock.calls.filter(([, value]) => value.includes('data:image'))).toHaveLength(0);
    writes.mockRestore();

    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toEqual({
      type: 'image-to-video',
      imageId: 'img_1',
      prompt: 'Zoom',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '16:9',
    });
  });

  it('has one tab stop for choosing a picture, the drop zone, not also the hidden file input', async () => {
    await signIn();
    await page('/image-to-video/generator');
    const dropZone = (await screen.findByText('Drop a picture here or paste one')).closest('button')!;
    dropZone.focus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'Image to video' })).toHaveFocus();
  });

  it('restores an uploaded picture kept only by its server id, and generates from it', async () => {
    sessionStorage.setItem('reelmint:generator:draft', JSON.stringify({ prompt: '', config: { model: 'v1.0', resolution: '512p', duration: '5s' } }));
    sessionStorage.setItem('reelmint:generator:draft-image', JSON.stringify({ name: 'huge.png', uploadId: 'img_9' }));
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted({ id: 'vid_4', type: 'image-to-video' }),
      'GET /api/videos/status/:id': () => ok(video({ id: 'vid_4', type: 'image-to-video', status: 'queued', progress: 0, videoUrl: null })),
    });
    await signIn();
    await page('/image-to-video/generator');
    expect(await screen.findByRole('img', { name: 'Your starting picture: huge.png' })).toBeInTheDocument();
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Picture uploaded and ready.');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toMatchObject({ type: 'image-to-video', imageId: 'img_9' });
  });

  it('keeps a picture chosen while signed out, and uploads it once the person has signed in', async () => {
    const sent = fakeUploads(201);
    await page('/image-to-video/generator');
    await userEvent.upload(await screen.findByTestId('image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('Sign in and your picture will be uploaded.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // Stored by an effect after the render that shows the message, so it may land a moment later.
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('reelmint:generator:draft-image') ?? 'null')).toMatchObject({ name: 'cat.png' }));

    await signIn();
    expect(await screen.findByText('Picture uploaded and ready.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('reelmint:generator:draft-image') ?? 'null')).toMatchObject({ name: 'cat.png', uploadId: 'img_1' }),
    );
  });

  it('sends a person whose session ended during the upload to sign in, with the way back, and keeps the picture for after', async () => {
    const sent = fakeUploads(401);
    await signIn();
    await page('/image-to-video/generator');
    await userEvent.upload(await screen.findByTestId('image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/auth?returnTo=%2Fimage-to-video%2Fgenerator'));
    expect(sent).toHaveLength(1);
    // Kept by its bytes, with no server id, so it goes up again after sign-in.
    const kept = JSON.parse(sessionStorage.getItem('reelmint:generator:draft-image') ?? 'null') as Record<string, unknown>;
    expect(kept).toMatchObject({ name: 'cat.png', dataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(kept.uploadId).toBeUndefined();
  });
});

/** XMLHttpRequest (what uploads go through, for their progress) answering every upload with `status`. */
function fakeUploads(status: 201 | 401 | 415 | 503) {
  const sent: FormData[] = [];
  class FakeXhr {
    upload: { onprogress: null } = { onprogress: null };
    status = 0;
    responseText = '';
    responseType = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(
          status === 201
            ? { success: true, data: { id: 'img_1', width: 4, height: 4, mimeType: 'image/png', size: 4 } }
            : status === 415
              ? { success: false, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PNG, JPEG and WebP pictures are accepted' }
              : status === 503
                ? { success: false, error: 'SERVICE_UNAVAILABLE', message: 'Try again shortly' }
                : { success: false, error: 'UNAUTHENTICATED', message: 'Authentication failed' },
        );
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
