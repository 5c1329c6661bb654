import { ModeLanding } from './mode-landing.tsx';

/** /image-to-video: what a picture gets you, and the way into the image generator. */
export default function ImageToVideoLanding() {
  return <ModeLanding mode="image" />;
}
