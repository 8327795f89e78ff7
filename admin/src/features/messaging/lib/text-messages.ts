import { formatDuration, TEXT_CHANNEL_NAMES, type TextChannel, type TextKind, type TextStatus } from '@barberly/common';
import type { ToastMessage } from '../../../lib/toast-messages';

export const CHANNEL_LABELS: Record<TextChannel, string> = TEXT_CHANNEL_NAMES;

export const KIND_LABELS: Record<TextKind, string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  rescheduled: 'Rescheduled',
  cancellation: 'Cancellation',
};

/** What happened to a text the shop sent, in words ('logged': this Barberly has no provider for the channel). */
export function outboundStatusLabel(status: TextStatus, channel: TextChannel): string {
  switch (status) {
    case 'logged':
      return `Logged (not sent: ${CHANNEL_LABELS[channel]} not set up)`;
    case 'queued':
      return 'Queued';
    case 'sent':
      return 'Sent';
    case 'delivered':
      return 'Delivered';
    case 'failed':
      return 'Failed';
    case 'undelivered':
      return 'Not delivered';
    case 'received':
      return 'Received';
  }
}

/** What an outbound text was: 'Reminder', 'Your reply', or the api's own kind ('help') as is. */
export function kindLabel(kind: string): string {
  if (kind === 'reply') return 'Your reply';
  return kind in KIND_LABELS ? KIND_LABELS[kind as TextKind] : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * How many SMS a text takes, counted at 160 characters each as common's limits do (480 characters: 3 SMS).
 * 0 characters: 0; 161: 2.
 */
export function smsSegments(text: string): number {
  return Math.ceil(text.length / 160);
}

/** '123 characters · 1 SMS' */
export function lengthLabel(text: string): string {
  const n = text.length;
  const segments = smsSegments(text);
  return `${n} ${n === 1 ? 'character' : 'characters'} · ${segments} SMS`;
}

/** 'May 3, 10:42 AM' in the browser's zone (the owner reads their messages where they are). */
export function formatMessageTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

const success = (title: string, description?: string): ToastMessage => ({ title, description, variant: 'success' });

export const textRemindersSavedToast = success('Text reminders saved', 'They apply to the next texts we send.');
export const messageSentToast = success('Message sent');

/** 'Failed to save text reminders. Please try again. <the api's reason>' (spec 8's wording). */
export function failureToast(what: string, error: unknown): ToastMessage {
  const reason = error instanceof Error ? error.message : null;
  return {
    title: 'Error',
    description: [`${what}. Please try again.`, reason].filter(Boolean).join(' '),
    variant: 'destructive',
  };
}

/** The first reminder's lead time, set in Booking Settings: 1440 gives '24 hours before', 90 '1 hr 30 min before'. */
export function leadTimeLabel(minutes: number): string {
  if (minutes === 0) return 'none';
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour before' : `${minutes / 60} hours before`;
  return `${formatDuration(minutes)} before`;
}
