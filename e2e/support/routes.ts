/** Every route of spec §2 with the remote that must render it and the heading it opens with. */
export const ROUTES = [
  { path: '/', remote: 'marketing', heading: 'Turn a prompt or a picture into a short video' },
  { path: '/text-to-video', remote: 'marketing', heading: 'Text to video' },
  { path: '/image-to-video', remote: 'marketing', heading: 'Image to video' },
  { path: '/free-video-templates', remote: 'marketing', heading: 'Free video templates' },
  { path: '/about-us', remote: 'marketing', heading: 'About us' },
  { path: '/faqs', remote: 'marketing', heading: 'Frequently asked questions' },
  { path: '/contact', remote: 'marketing', heading: 'Contact' },
  { path: '/privacy-policy', remote: 'marketing', heading: 'Privacy policy' },
  { path: '/terms-of-service', remote: 'marketing', heading: 'Terms of service' },
  { path: '/text-to-video/generator', remote: 'generator', heading: 'Create a video' },
  { path: '/image-to-video/generator', remote: 'generator', heading: 'Create a video' },
  { path: '/generator', remote: 'generator', heading: 'Create a video' },
  { path: '/pricing', remote: 'billing', heading: 'Plans and pricing' },
  { path: '/payment/success', remote: 'billing', heading: 'Payment successful' },
  { path: '/payment/cancel', remote: 'billing', heading: 'Payment cancelled' },
] as const;
