import { EDIT_KINDS } from '@reelmint/contract/pricing';
import type { AspectRatio, Duration, EditSpeed, MergeTransition, ReframeMode, Resolution } from '@reelmint/contract/pricing';
import type { Upscaler } from '@reelmint/contract/video-api';

/** What an edit did, stored as JSON on the video it made (`videos.edit`): what the worker renders and the history shows. */
export type EditSpec =
  | { kind: 'trim'; sourceIds: [string]; start: number; end: number }
  | { kind: 'reframe'; sourceIds: [string]; aspectRatio: AspectRatio; mode: ReframeMode; focusX: number; focusY: number }
  | { kind: 'speed'; sourceIds: [string]; speed: EditSpeed }
  | { kind: 'merge'; sourceIds: string[]; transition: MergeTransition }
  | { kind: 'extend'; sourceIds: [string]; duration: Duration }
  | { kind: 'upscale'; sourceIds: [string]; fromResolution: Resolution; upscaler: Upscaler };

/** A stored edit read back; null for none, or for one written in a shape this version does not know. */
export function parseEdit(text: string | null): EditSpec | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as EditSpec;
    return value && typeof value === 'object' && EDIT_KINDS.includes(value.kind) ? value : null;
  } catch {
    return null;
  }
}
