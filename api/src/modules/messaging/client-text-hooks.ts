/**
 * Who hears of a client's text that lands in the shop's inbox (issue 26 item 4: the barber's and owner's phones).
 * The composition root registers the hooks (push); the inbound path runs them after the text is stored and never
 * waits for them or fails because of them.
 */
export interface ClientTextNotice {
  shopId: string;
  /** The client's next appointment, if any (its barber hears of the text). */
  appointmentId: string | null;
  body: string;
}

type Hook = (text: ClientTextNotice) => Promise<unknown>;
const hooks = new Set<Hook>();

export function registerClientTextHook(hook: Hook): void {
  hooks.add(hook);
}

/** Runs every hook in the background; resolves when all have settled (tests await it). */
export function runClientTextHooks(text: ClientTextNotice): Promise<void> {
  return Promise.allSettled([...hooks].map((hook) => hook(text))).then(() => undefined);
}
