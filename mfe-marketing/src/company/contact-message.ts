/** Where people reach the company. The API has no contact endpoint, so messages go by email. */
export const CONTACT_EMAIL = 'support@reelmint.com';

export const CONTACT_TOPICS = ['account', 'billing', 'videos', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export interface ContactMessage {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
}

export const MIN_MESSAGE_LENGTH = 20;

/** The key of each field's problem, in form order; empty when the message can be sent. */
export type ContactProblems = Partial<
  Record<'name' | 'email' | 'message', 'nameRequired' | 'emailRequired' | 'emailInvalid' | 'messageRequired' | 'messageShort'>
>;

export function validateContact(message: ContactMessage): ContactProblems {
  const problems: ContactProblems = {};
  if (!message.name.trim()) problems.name = 'nameRequired';
  const email = message.email.trim();
  if (!email) problems.email = 'emailRequired';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = 'emailInvalid';
  const text = message.message.trim();
  if (!text) problems.message = 'messageRequired';
  else if (text.length < MIN_MESSAGE_LENGTH) problems.message = 'messageShort';
  return problems;
}

/** A mailto: link that opens the person's email app with the message ready to send. */
export function mailtoFor(subject: string, body: string): string {
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
