export interface SecurityPolicyOptions {
  /** Origins whose modules, styles and strings the page loads besides its own (the shell: remotes and override origins). */
  codeOrigins?: string[];
  /** The API the page calls and whose media it shows. */
  apiOrigin?: string | null;
  /** Google sign-in is configured: its script, styles and frame are allowed. */
  google?: boolean;
  /** A page's nonce for the <style> elements its own code writes at run time. */
  styleNonce?: string;
}

export declare function exactOrigin(value: string): string | null;
export declare function contentSecurityPolicy(options?: SecurityPolicyOptions): string;
export declare function securityHeaders(policy?: SecurityPolicyOptions): Record<string, string>;
