import type { TextChannel } from '@barberly/common';
import { type BookingMailQueue, createQueueOnce } from '../mail/mail-queue';

/**
 * The assistant's answers to clients' texts, worked out from the durable queue (decision 0171, issue 23 item 9):
 * the Twilio webhook stores the text, checks that the assistant answers it and queues `client-text-answer`; a worker
 * (workers.ts) runs the model and texts the answer back. Never retried (retryLimit 0): a second run could answer
 * the client twice, and an unanswered text is already waiting, unread, in the owner's inbox.
 */
export const CLIENT_TEXT_QUEUE = 'client-text-answer';

export interface ClientTextJob {
  shopId: string;
  /** E.164. */
  phone: string;
  channel: TextChannel;
  /** The text as the client sent it. */
  body: string;
  /** What the assistant reads: the body, or 'NO' for X / CANCEL answering its proposal. */
  text: string;
  /** The stored inbound text (text_messages.id). */
  messageId: string;
  /** The webhook's keyword for the text (null: free text). */
  keyword: string | null;
}

const queuesReady = new WeakMap<BookingMailQueue, Promise<void>>();

export function ensureClientTextQueue(queue: BookingMailQueue): Promise<void> {
  let ready = queuesReady.get(queue);
  if (!ready) {
    ready = (async () => {
      await queue.ready();
      // An answer is worth minutes, not hours: a job nobody ran in 10 minutes is dropped (the text is in the inbox).
      await createQueueOnce(queue.boss, {
        name: CLIENT_TEXT_QUEUE,
        policy: 'standard',
        retryLimit: 0,
        expireInSeconds: 600,
        retentionMinutes: 10,
      });
    })();
    ready.catch(() => queuesReady.delete(queue));
    queuesReady.set(queue, ready);
  }
  return ready;
}

export async function enqueueClientText(queue: BookingMailQueue, job: ClientTextJob): Promise<void> {
  await ensureClientTextQueue(queue);
  await queue.boss.send(CLIENT_TEXT_QUEUE, job, { retryLimit: 0 });
}
