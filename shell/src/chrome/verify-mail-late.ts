import { createStore } from 'zustand/vanilla';

/** Set when the sign-up's confirmation mail could not go out at once (it is kept and retried). */
export const mailLateStore = createStore<{ late: boolean }>(() => ({ late: false }));

export function noteVerificationMailLate(late: boolean): void {
  mailLateStore.setState({ late });
}
