import type { RebookSent } from '@barberly/common';
import type { ToastMessage } from '../../../lib/toast-messages';

const success = (title: string, description?: string): ToastMessage => ({ title, description, variant: 'success' });

/** The api's own words ('This client has no e-mail address or phone number to send a link to'), else the fallback. */
export function errorToast(title: string, error: unknown): ToastMessage {
  const reason = error instanceof Error && error.message ? error.message : 'Please try again.';
  return { title, description: reason, variant: 'destructive' };
}

export const CHANNEL_WORDS: Record<RebookSent['channel'], string> = {
  email: 'by e-mail',
  sms: 'by SMS',
  whatsapp: 'by WhatsApp',
};

/** 'Rebook link sent to ana@example.com' / 'By e-mail: it books their usual service and barber.' */
export function rebookSentToast(sent: RebookSent): ToastMessage {
  const how = CHANNEL_WORDS[sent.channel] ?? '';
  return success(
    `Rebook link sent to ${sent.sentTo}`,
    `${how.charAt(0).toUpperCase()}${how.slice(1)}: it books their usual service and barber.`,
  );
}

export const tagsSavedToast = success('Tags saved');
export const noteAddedToast = success('Note added');
export const noteDeletedToast = success('Note deleted');
export const exportedToast = success('Client data exported', 'The JSON file is in your downloads.');
export const erasedToast = success('Client erased', 'Their appointments stay in your books without personal details.');
export function mergedToast(other: string, into: string): ToastMessage {
  return success('Clients merged', `${other} is now part of ${into}.`);
}

/** The empty list's words. */
export const EMPTY_CLIENTS = 'No clients yet. Clients appear here after their first booking.';
export const NONE_DUE = 'No clients are due back. Clients with a usual rhythm show here once they are due.';
export const NONE_LAPSED = 'No lapsed clients. Clients overdue by more than three usual intervals show here.';
export const noMatch = (q: string) => `No clients match “${q}”.`;

/** Typing pauses this long before the search goes to the api. */
export const SEARCH_DEBOUNCE_MS = 300;
