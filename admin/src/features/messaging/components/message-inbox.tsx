import {
  ASSISTANT_TEXT_KIND,
  type AssistantTextsState,
  type ClientTextProposal,
  formatPhone,
  type MessagingSettings,
  OwnerReplySchema,
  type TextChannel,
  type TextMessage,
} from '@barberly/common';
import { ArrowDownLeft, ArrowUpRight, Bot, Hand, MessageSquare, RefreshCw, Reply, Send } from 'lucide-react';
import { type FormEvent, forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showToast } from '../../../components/ui/toaster';
import {
  type ShopFormat,
  useAssistantTexts,
  useGiveBack,
  useMarkMessagesRead,
  useMessages,
  useMessagingSettings,
  useSendMessage,
  useShopFormat,
  useTakeOver,
} from '../api/messaging-api';
import {
  CHANNEL_LABELS,
  cannotSendReason,
  failureToast,
  formatMessageTime,
  kindLabel,
  lengthLabel,
  messageSentToast,
  outboundStatusLabel,
} from '../lib/text-messages';
import { ClientPicker, type ClientPickerHandle, type TextRecipient } from './client-picker';

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
  /** Picks the client and channel of a message and puts the cursor in the message. */
  replyTo: (target: { phone: string; channel: TextChannel; name: string | null }) => void;
}

type ReplyErrors = Partial<Record<'phone' | 'channel' | 'body', string>>;

const CHOOSE_CLIENT = 'Choose a client';

/**
 * One form for every conversation: the owner picks a client by name (or Reply on a message picks theirs). Send is
 * disabled, with the reason beside it, while the chosen channel is not set up on this Barberly.
 */
export const ReplyForm = forwardRef<
  ReplyFormHandle,
  { shopId: string; settings?: MessagingSettings; format?: ShopFormat }
>(function ReplyForm({ shopId, settings, format }, ref) {
  const send = useSendMessage(shopId);
  const [to, setTo] = useState<TextRecipient | null>(null);
  const [channel, setChannel] = useState<TextChannel>('sms');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<ReplyErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const pickerRef = useRef<ClientPickerHandle>(null);
  const titleId = useId();
  const reasonId = useId();

  useImperativeHandle(ref, () => ({
    replyTo: (target) => {
      setTo({ name: target.name, phone: target.phone });
      setChannel(target.channel);
      setErrors({});
      setFailure(null);
      bodyRef.current?.focus();
    },
  }));

  // Unknown until the settings load: not blocked then (the api answers 503 with its reason if it cannot send).
  const cannotSend = settings && settings.provider[channel] !== 'ready' ? cannotSendReason(channel) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (cannotSend) return;
    const parsed = OwnerReplySchema.safeParse({ phone: to?.phone ?? '', channel, body });
    if (!parsed.success || !to) {
      const found: ReplyErrors = to ? {} : { phone: CHOOSE_CLIENT };
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = issue.path[0] as keyof ReplyErrors;
        found[key] ??= key === 'phone' ? CHOOSE_CLIENT : issue.message;
      }
      setErrors(found);
      if (found.phone) pickerRef.current?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await send.mutateAsync(parsed.data);
      showToast(messageSentToast);
      setBody('');
    } catch (error) {
      // 409 opted_out, 400 not_a_client, 503 sms_not_set_up: the api's sentence, and the message stays.
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
        <ClientPicker
          ref={pickerRef}
          shopId={shopId}
          value={to}
          phoneCountry={format?.phoneCountry}
          disabled={pending}
          error={errors.phone}
          onChange={(recipient) => {
            setTo(recipient);
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
      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        {cannotSend ? (
          <p id={reasonId} className="text-sm text-neutral-700 sm:mr-auto">
            {cannotSend}
          </p>
        ) : null}
        <Button
          type="submit"
          size="sm"
          disabled={pending || Boolean(cannotSend)}
          aria-describedby={cannotSend ? reasonId : undefined}
        >
          <Send aria-hidden="true" className="size-4" /> {pending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
});

/** What the assistant's state means for one conversation (null: the assistant does not answer texts). */
interface AssistantRole {
  takenOverUntil: string | null;
}

function assistantRoleOf(state: AssistantTextsState | undefined, phone: string): AssistantRole | null {
  if (!state?.available || !state.enabled) return null;
  return { takenOverUntil: state.takeovers.find((t) => t.phone === phone)?.until ?? null };
}

function MessageItem({
  message,
  fresh,
  format,
  role,
  busy,
  onReply,
  onTakeOver,
  onGiveBack,
}: {
  message: TextMessage;
  /** Unread when the tab opened: highlighted for this visit, though it is now marked read. */
  fresh: boolean;
  format?: ShopFormat;
  /** The assistant's part in this conversation (null: it does not answer texts). */
  role: AssistantRole | null;
  busy: boolean;
  onReply: () => void;
  onTakeOver: () => void;
  onGiveBack: () => void;
}) {
  const headingId = useId();
  const inbound = message.direction === 'in';
  const byAssistant = !inbound && message.kind === ASSISTANT_TEXT_KIND;
  const phone = formatPhone(message.phone, format?.phoneCountry);
  const who = message.clientName ?? phone;
  const channel = CHANNEL_LABELS[message.channel];
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-xl border p-3 sm:p-4',
        fresh
          ? 'border-amber-400 bg-amber-50'
          : byAssistant
            ? 'border-sky-200 bg-sky-50'
            : 'border-neutral-200 bg-white',
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
        {byAssistant ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-sky-200 px-2 py-0.5 text-xs font-semibold text-sky-950">
            <Bot aria-hidden="true" className="size-3.5" /> Assistant
          </span>
        ) : null}
        <span className="ml-auto text-xs text-neutral-600">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, format)}</time>
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
        {message.clientName ? <span className="break-all">{phone}</span> : null}
        {inbound ? null : <span>{kindLabel(message.kind)}</span>}
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-neutral-900">{message.body}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        {inbound ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="light" size="sm" aria-label={`Reply to ${who}`} onClick={onReply}>
              <Reply aria-hidden="true" className="size-4" /> Reply
            </Button>
            {role === null ? null : role.takenOverUntil ? (
              <>
                <span className="text-xs text-neutral-700">
                  You have this conversation; the assistant is silent until{' '}
                  {formatMessageTime(role.takenOverUntil, format)}.
                </span>
                <Button
                  variant="light"
                  size="sm"
                  disabled={busy}
                  aria-label={`Let the assistant answer ${who} again`}
                  onClick={onGiveBack}
                >
                  <Bot aria-hidden="true" className="size-4" /> Let the assistant answer
                </Button>
              </>
            ) : (
              <Button
                variant="light"
                size="sm"
                disabled={busy}
                aria-label={`Take over the conversation with ${who}`}
                onClick={onTakeOver}
              >
                <Hand aria-hidden="true" className="size-4" /> Take over
              </Button>
            )}
          </div>
        ) : (
          <span
            className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusClass(message.status))}
          >{`Status: ${outboundStatusLabel(message.status, message.channel)}`}</span>
        )}
      </div>
    </li>
  );
}

/** The assistant's proposals that wait for a client's YES, with who and until when. */
function WaitingProposals({
  proposals,
  names,
  format,
}: {
  proposals: ClientTextProposal[];
  names: ReadonlyMap<string, string>;
  format?: ShopFormat;
}) {
  const titleId = useId();
  if (proposals.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4">
      <h3 id={titleId} className="text-sm font-semibold text-amber-950">
        Waiting for the client's YES
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {proposals.map((p) => {
          const who = names.get(p.phone) ?? formatPhone(p.phone, format?.phoneCountry);
          return (
            <li key={p.id} className="text-sm text-neutral-900" data-testid="waiting-proposal">
              <span className="font-semibold">{who}</span>: {p.summary}{' '}
              <span className="text-neutral-700">(lapses {formatMessageTime(p.expiresAt, format)})</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The texts in and out, newest first, and the reply form. Opening it marks every inbound message read (once); the
 * ones that were unread stay highlighted while the tab is open. When the assistant answers texts, its answers are
 * marked, its proposals waiting for a client's YES are listed, and each conversation can be taken over.
 */
export function MessageInbox({ shopId }: { shopId: string }) {
  const messages = useMessages(shopId);
  const settings = useMessagingSettings(shopId);
  const assistant = useAssistantTexts(shopId);
  const format = useShopFormat(shopId);
  const markRead = useMarkMessagesRead(shopId);
  const takeOver = useTakeOver(shopId);
  const giveBack = useGiveBack(shopId);
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

  const names = new Map<string, string>();
  for (const m of list ?? []) if (m.clientName && !names.has(m.phone)) names.set(m.phone, m.clientName);
  const waiting = (assistant.data?.proposals ?? []).filter((p) => p.status === 'pending');
  const conversationFailure = (error: unknown) =>
    showToast(failureToast('Failed to change who answers this conversation', error));

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
            onClick={() => {
              void messages.refetch();
              void assistant.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" className={cn('size-4', messages.isFetching && 'motion-safe:animate-spin')} />
          </Button>
        }
      />
      <div className="mt-4 flex flex-col gap-4">
        <ReplyForm ref={formRef} shopId={shopId} settings={settings.data} format={format} />
        <WaitingProposals proposals={waiting} names={names} format={format} />
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
                format={format}
                role={assistantRoleOf(assistant.data, message.phone)}
                busy={takeOver.isPending || giveBack.isPending}
                onReply={() =>
                  formRef.current?.replyTo({
                    phone: message.phone,
                    channel: message.channel,
                    name: message.clientName,
                  })
                }
                onTakeOver={() => takeOver.mutate(message.phone, { onError: conversationFailure })}
                onGiveBack={() => giveBack.mutate(message.phone, { onError: conversationFailure })}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
