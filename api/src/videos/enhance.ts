import { createHash } from 'node:crypto';
import type { EnhancePromptReply, EnhancePromptRequest } from '@reelmint/contract/video-api';
import type { CameraMotion } from '@reelmint/contract/generation-controls';
import { AppError } from '../http/errors.ts';

/** The longest prompt a generation takes, so a proposal can be used as it is. */
export const ENHANCED_PROMPT_MAX = 1000;

/** An OpenAI-compatible chat completions endpoint that rewrites prompts (PROMPT_ENHANCER_URL, _MODEL, _KEY). */
export interface PromptEnhancerOptions {
  /** The API's base, e.g. https://api.openai.com/v1; `/chat/completions` is added. */
  url: string;
  model: string;
  key?: string;
  /** How long the model may take before the local enhancer answers instead (8 s). */
  timeoutMs?: number;
}

/** What a log line about a model that failed needs: the reason, never the prompt. */
export interface EnhancerLog {
  warn(details: object, message: string): void;
}

const CAMERA: Record<CameraMotion, string> = {
  static: 'locked-off static camera',
  push_in: 'slow push-in towards the subject',
  pull_out: 'gentle pull-out revealing the surroundings',
  pan_left: 'smooth pan to the left',
  pan_right: 'smooth pan to the right',
  tilt_up: 'slow tilt up',
  tilt_down: 'slow tilt down',
  orbit: 'camera orbiting around the subject',
  handheld: 'handheld camera with a light natural sway',
};
const CAMERA_BY_SHAPE: Record<string, string[]> = {
  '16:9': ['wide cinematic tracking shot', 'steady dolly shot at eye level', 'slow lateral tracking shot'],
  '9:16': ['vertical framing with a slow upward drift', 'close vertical shot with a gentle push-in', 'tall frame, steady handheld follow'],
  '1:1': ['centred square composition, slow push-in', 'balanced square framing, steady camera', 'square frame with a slow orbit'],
};
const LIGHT = [
  'soft golden-hour light with long shadows',
  'diffused overcast light, even and calm',
  'warm practical lights against a cool blue ambience',
  'crisp morning light with gentle haze',
  'moody low-key lighting with a strong rim light',
  'neon reflections and soft volumetric glow',
];
const STYLE = [
  'cinematic, shallow depth of field, rich colour grading',
  'photorealistic, fine textures, natural motion blur',
  'film look with subtle grain and anamorphic bokeh',
  'documentary realism, true-to-life colours',
  'dreamy and painterly, pastel palette',
];
const PACE: Record<string, string> = { '5s': 'one continuous five-second moment', '10s': 'an unhurried ten-second shot' };
const DETAIL: Record<string, string> = { '512p': 'clear shapes and readable motion', '720p': 'sharp HD detail', '1080p': 'crisp full-HD detail' };

/** A stable choice from a list for this prompt: the same words pick the same phrase on every call and machine. */
function pick<T>(list: readonly T[], seed: Buffer, byte: number): T {
  return list[seed[byte]! % list.length]!;
}

/** Trims, folds runs of white space and drops a closing full stop, so the subject reads as the start of a sentence. */
function subjectOf(prompt: string): string {
  const text = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.。!！]+$/u, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The built-in enhancer: the person's prompt as the subject, then camera, light, style and detail phrases chosen from
 * the settings and, where the settings leave it open, from a hash of the prompt. Deterministic: the same prompt and
 * settings always give the same proposal.
 */
export function localEnhance(request: EnhancePromptRequest): string {
  const subject = subjectOf(request.prompt);
  const seed = createHash('sha256').update(subject.toLowerCase()).digest();
  const camera = (request.cameraMotion && CAMERA[request.cameraMotion]) ?? pick(CAMERA_BY_SHAPE[request.aspectRatio ?? '16:9']!, seed, 0);
  const parts = [
    request.mode === 'image' ? `${subject}, animated from the starting picture while keeping its subject and composition` : subject,
    camera,
    pick(LIGHT, seed, 1),
    pick(STYLE, seed, 2),
    PACE[request.duration ?? '5s'],
    DETAIL[request.resolution ?? '512p'],
  ];
  const sentences = parts.map((part) => part!.charAt(0).toUpperCase() + part!.slice(1));
  return `${sentences.join('. ').slice(0, ENHANCED_PROMPT_MAX - 1)}.`;
}

const SYSTEM_PROMPT =
  'You improve prompts for a text-to-video model. Rewrite the user prompt as one paragraph that keeps its subject and ' +
  'intent and adds concrete camera movement, lighting, setting, style and motion details. Keep the language the user ' +
  `wrote in. Answer with the prompt only, under ${ENHANCED_PROMPT_MAX} characters, without quotes or commentary.`;

function settingsLine(request: EnhancePromptRequest): string {
  const settings = [
    request.mode === 'image' ? 'animating a still picture' : 'text to video',
    request.cameraMotion && `camera: ${request.cameraMotion.replace('_', ' ')}`,
    request.aspectRatio && `frame ${request.aspectRatio}`,
    request.duration && `length ${request.duration}`,
    request.resolution && `resolution ${request.resolution}`,
  ].filter(Boolean);
  return `Settings: ${settings.join(', ')}.\nPrompt: ${request.prompt.trim()}`;
}

/** The model's proposal, or why it cannot be used. */
async function askModel(options: PromptEnhancerOptions, request: EnhancePromptRequest): Promise<string> {
  const response = await fetch(`${options.url.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
    body: JSON.stringify({
      model: options.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: settingsLine(request) },
      ],
      temperature: 0.7,
      max_tokens: 400,
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
  });
  if (!response.ok) throw new Error(`the model answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the answer has no message content');
  const text = content
    .trim()
    .replace(/^["'“”«]+|["'“”»]+$/gu, '')
    .trim();
  if (!text) throw new Error('the answer is empty');
  if (text.length > ENHANCED_PROMPT_MAX) throw new Error(`the answer is ${text.length} characters long`);
  return text;
}

/**
 * A richer prompt to propose. Through the configured language model when there is one; when there is none, or it
 * fails, refuses or is slow, through the local enhancer (`fallback` says the model was asked and did not help).
 * Never charges anything: the person decides what to generate.
 */
export async function enhancePrompt(request: EnhancePromptRequest, model: PromptEnhancerOptions | null, log: EnhancerLog): Promise<EnhancePromptReply> {
  if (!request.prompt.trim()) throw new AppError(422, 'PROMPT_REQUIRED', 'Write a prompt first; the enhancer builds on it');
  if (model) {
    try {
      return { prompt: await askModel(model, request), source: 'provider', fallback: false };
    } catch (error) {
      log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'The prompt enhancer model did not help; the local enhancer answered');
      return { prompt: localEnhance(request), source: 'local', fallback: true };
    }
  }
  return { prompt: localEnhance(request), source: 'local', fallback: false };
}
