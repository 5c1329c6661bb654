import { useEffect, useRef, useState } from 'react';

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

function loadGoogleScript(): Promise<GoogleIdentity> {
  const existing = (window as unknown as { google?: GoogleIdentity }).google;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { google?: GoogleIdentity }).google;
      if (loaded) resolve(loaded);
      else reject(new Error('Google sign-in did not initialise'));
    };
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.append(script);
  });
}

/** Google's own sign-in button; only rendered when the API reports a configured client id. */
export function GoogleButton({
  clientId,
  onCredential,
  unavailableText,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
  unavailableText: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogleScript().then(
      (google) => {
        if (!live || !container.current) return;
        google.accounts.id.initialize({ client_id: clientId, callback: ({ credential }) => onCredential(credential) });
        google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', width: 320, text: 'continue_with' });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [clientId, onCredential]);

  return failed ? <p role="status">{unavailableText}</p> : <div ref={container} data-testid="google-signin" />;
}
