import { OwnerReplySchema, type TextChannel, type TextMessage } from '@barberly/common';
import { ArrowDownLeft, ArrowUpRight, MessageSquare, RefreshCw, Reply, Send } from 'lucide-react';
import { type FormEvent, forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showToast } from '../../../components/ui/toaster';
import { useMarkMessagesRead, useMessages, useSendMessage } from '../api/messaging-api';
import {
  CHANNEL_LABELS,
  formatMessageTime,
  kindLabel,
  lengthLabel,
  messageSentToast,
  outboundStatusLabel,
} from '../lib/text-messages';

const CHANNEL_OPTIONS = [
  { value: 'sms', label: 'SMS' },
  { value: 'whatsapp', label: 'WhatsApp' },
] as const;

/** Failed and undelivered texts say so in words; the red only repeats it (800 on 100 passes AA). */
function statusClass(status: TextMessage['status']): string {
  if (status === 'failed' || status === 'undelivered') return 'bg-red-100 text-red-800';
  if (status === 'delivered') return 'bg-emerald-100 text-emerald-900';
  return 'bg-neutral-100 text-neutral-800';
}

export interface ReplyFormHandle {
  /** Fills Reply to with the client's number and channel and puts the cursor in the message. */
  replyTo: (target: { phone: string; channel: TextChannel }) => void;
}

type ReplyErrors = Partial<Record<'phone' | 'channel' | 'body', string>>;

/** One form for every conversation: Reply on a message fills the number and channel. */
export const ReplyForm = forwardRef<ReplyFormHandle, { shopId: string }>(function ReplyForm({ shopId }, ref) {
  const send = useSendMessage(shopId);
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<TextChannel>('sms');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<ReplyErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();

  useImperativeHandle(ref, () => ({
    replyTo: (target) => {
      setPhone(target.phone);
      setChannel(target.channel);
      setErrors({});
      setFailure(null);
      bodyRef.current?.focus();
    },
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OwnerReplySchema.safeParse({ phone, channel, body });
    if (!parsed.success) {
      const found: ReplyErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof ReplyErrors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await send.mutateAsync(parsed.data);
      showToast(messageSentToast);
      setBody('');
    } catch (error) {
      // 409 opted_out, 503 sms_not_set_up: the api's sentence, and the message stays to send another way.
      setFailure(error instanceof Error ? error.message : 'The message could not be sent');
      bodyRef.current?.focus();
    }
  };

  const pending = send.isPending;
  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-3 sm:p-4"
    >
      <h3 id={titleId} className="text-sm font-semibold text-neutral-800">
        Send a message
      </h3>
      <div className="grid min-w-0 gap-3 sm:grid-cols-[1fr_10rem]">
        <Field
          label="Reply to"
          type="tel"
          autoComplete="off"
          placeholder="+15551234567"
          value={phone}
          readOnly={pending}
          error={errors.phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setErrors((e) => ({ ...e, phone: undefined }));
            setFailure(null);
          }}
        />
        <SelectField
          label="Channel"
          value={channel}
          disabled={pending}
          options={CHANNEL_OPTIONS}
          error={errors.channel}
          onChange={(event) => {
            setChannel(event.target.value as TextChannel);
            setFailure(null);
          }}
        />
      </div>
      <TextareaField
        ref={bodyRef}
        label="Message"
        rows={3}
        maxLength={480}
        value={body}
        readOnly={pending}
        error={errors.body}
        hint={body.trim() ? lengthLabel(body.trim()) : undefined}
        onChange={(event) => {
          setBody(event.target.value);
          setErrors((e) => ({ ...e, body: undefined }));
          setFailure(null);
        }}
      />
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending}>
          <Send aria-hidden="true" className="size-4" /> {pending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
});

function MessageItem({
  message,
  fresh,
  onReply,
}: {
  message: TextMessage;
  /** Unread when the tab opened: highlighted for this visit, though it is now marked read. */
  fresh: boolean;
  onReply: () => void;
}) {
  const headingId = useId();
  const inbound = message.direction === 'in';
  const who = message.clientName ?? message.phone;
  const channel = CHANNEL_LABELS[message.channel];
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-xl border p-3 sm:p-4',
        fresh ? 'border-amber-400 bg-amber-50' : 'border-neutral-200 bg-white',
        !inbound && 'sm:ml-8',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h4 id={headingId} className="min-w-0 font-semibold break-words text-neutral-900">
          {who}
        </h4>
        {fresh ? (
          <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">New</span>
        ) : null}
        <span className="ml-auto text-xs text-neutral-600">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </span>
      </div>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-neutral-700">
        <span className="inline-flex items-center gap-1">
          {inbound ? (
            <ArrowDownLeft aria-hidden="true" className="size-3.5" />
          ) : (
            <ArrowUpRight aria-hidden="true" className="size-3.5" />
          )}
          {inbound ? `${channel} from client` : `${channel} to client`}
        </span>
        {message.clientName ? <span className="break-all">{message.phone}</span> : null}
        {inbound ? null : <span>{kindLabel(message.kind)}</span>}
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-neutral-900">{message.body}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        {inbound ? (
          <Button variant="light" size="sm" aria-label={`Reply to ${who}`} onClick={onReply}>
            <Reply aria-hidden="true" className="size-4" /> Reply
          </Button>
        ) : (
          <span
            className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusClass(message.status))}
          >{`Status: ${outboundStatusLabel(message.status, message.channel)}`}</span>
        )}
      </div>
    </li>
  );
}

/**
 * The texts in and out, newest first, and the reply form. Opening it marks every inbound message read (once); the
 * ones that were unread stay highlighted while the tab is open.
 */
export function MessageInbox({ shopId }: { shopId: string }) {
  const messages = useMessages(shopId);
  const markRead = useMarkMessagesRead(shopId);
  const formRef = useRef<ReplyFormHandle>(null);
  const titleId = useId();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  // The ids already reported read: React may run the effect twice, and a refresh brings only new ones.
  const reported = useRef(new Set<string>());

  const list = messages.data;
  const { mutate: markAllRead } = markRead;
  useEffect(() => {
    const unread = (list ?? []).filter((m) => m.direction === 'in' && m.readAt === null && !reported.current.has(m.id));
    if (unread.length === 0) return;
    for (const m of unread) reported.current.add(m.id);
    setFresh((ids) => new Set([...ids, ...unread.map((m) => m.id)]));
    markAllRead();
  }, [list, markAllRead]);

  return (
    <Card>
      <CardHeader
        title={<span id={titleId}>Messages</span>}
        description="Texts to and from your clients."
        actions={
          <Button
            variant="light"
            size="sm"
            aria-label="Refresh messages"
            disabled={messages.isFetching}
            onClick={() => void messages.refetch()}
          >
            <RefreshCw aria-hidden="true" className={cn('size-4', messages.isFetching && 'motion-safe:animate-spin')} />
          </Button>
        }
      />
      <div className="mt-4 flex flex-col gap-4">
        <ReplyForm ref={formRef} shopId={shopId} />
        {messages.isPending ? (
          <div className="grid place-items-center py-8 text-amber-500">
            <Spinner label="Loading messages" />
          </div>
        ) : messages.isError ? (
          <div className="text-sm text-neutral-700">
            <p>Your messages could not be loaded: {messages.error.message}</p>
            <Button className="mt-2" variant="light" size="sm" onClick={() => void messages.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" /> Try again
            </Button>
          </div>
        ) : messages.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-neutral-300 px-4 py-8 text-center">
            <MessageSquare aria-hidden="true" className="size-6 text-neutral-500" />
            <p className="mt-2 max-w-sm text-sm text-neutral-700">
              No messages yet. Clients' replies to your reminders appear here.
            </p>
          </div>
        ) : (
          <ul aria-labelledby={titleId} className="flex flex-col gap-3">
            {messages.data.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                fresh={fresh.has(message.id)}
                onReply={() => formRef.current?.replyTo({ phone: message.phone, channel: message.channel })}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
