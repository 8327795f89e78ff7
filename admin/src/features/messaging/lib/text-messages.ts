import {
  ASSISTANT_TEXT_KIND,
  formatDuration,
  TEXT_CHANNEL_NAMES,
  type TextChannel,
  type TextKind,
  type TextStatus,
} from '@barberly/common';
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

/** What an outbound text was: 'Reminder', 'Your reply', "Assistant's answer", or the api's own kind ('help') as is. */
export function kindLabel(kind: string): string {
  if (kind === 'reply') return 'Your reply';
  if (kind === ASSISTANT_TEXT_KIND) return "Assistant's answer";
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

/** A shop's way of writing times (its zone, locale and clock); absent: the browser's zone, en-US, 12 hours. */
export interface TimeFormat {
  timeZone?: string;
  locale?: string;
  clock?: '12h' | '24h';
}

/**
 * When a text was sent, as the shop writes it (issue 28: never '2026-11-28'): 'May 3, 10:42 AM' for an en-US shop,
 * '3 May, 10:42' for en-GB on 24 hours, in the shop's zone.
 */
export function formatMessageTime(iso: string, format: TimeFormat = {}): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: format.clock === '24h' ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle: format.clock === '24h' ? 'h23' : 'h12',
    timeZone: format.timeZone,
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(format.locale ?? 'en-US', options);
  } catch {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: undefined });
  }
  return formatter.format(new Date(iso)).replace(/[\u202f\u00a0]/g, ' ');
}

/** The second reminder is set in hours (issue 28) and stored in minutes: 120 gives '2', 90 gives '1.5'. */
export function hoursOf(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** '2' gives 120, '1.5' 90, '' or 'soon' NaN (the form says the rule). Whole minutes, as the api keeps them. */
export function minutesOf(hours: string): number {
  const typed = hours.trim().replace(',', '.');
  if (typed === '' || !/^\d+(\.\d+)?$/.test(typed)) return Number.NaN;
  return Math.round(Number(typed) * 60);
}

/** The provider is not set up: what owners are told (no server log, no env var). */
export const TEXTS_NOT_SET_UP = 'Reminders go by e-mail until texts are set up.';

/** Why Send is disabled while a channel cannot send. */
export function cannotSendReason(channel: TextChannel): string {
  return `${CHANNEL_LABELS[channel]} texts are not set up yet, so messages cannot be sent. ${TEXTS_NOT_SET_UP}`;
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
