import { ModeLanding } from './mode-landing.tsx';

/** /text-to-video: what writing a prompt gets you, and the way into the text generator. */
export default function TextToVideoLanding() {
  return <ModeLanding mode="text" />;
}
