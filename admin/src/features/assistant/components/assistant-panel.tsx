import {
  ASSISTANT_LIMITS,
  ASSISTANT_MESSAGES,
  type AssistantEvent,
  type AssistantItem,
  type AssistantProposal,
  type AssistantQuickAction,
} from '@barberly/common';
import { Bot, Check, Search, Send, X, Zap } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { streamChat, useAssistantConversation, useDecideProposal, useQuickAction } from '../api/assistant-api';

const STATUS_LABELS: Record<AssistantProposal['status'], string> = {
  pending: 'Waiting for your confirmation',
  confirmed: 'Done',
  rejected: 'Cancelled: nothing was changed',
  failed: 'Could not be done',
  expired: 'Lapsed: ask again for a fresh one',
};

function ProposalCard({
  proposal,
  onDecide,
  busy,
}: {
  proposal: AssistantProposal;
  onDecide: (decision: 'confirm' | 'reject') => void;
  busy: boolean;
}) {
  return (
    <li
      className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="assistant-proposal"
      data-status={proposal.status}
    >
      <p className="text-xs font-semibold tracking-wide text-amber-800 uppercase">Proposed change</p>
      <p className="mt-1 font-semibold text-neutral-900">{proposal.summary}</p>
      {proposal.displaces.length ? (
        <ul className="mt-1 list-disc pl-5 text-neutral-700">
          {proposal.displaces.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {proposal.status === 'pending' ? (
        <div className="mt-3 flex gap-2">
          <Button size="sm" disabled={busy} onClick={() => onDecide('confirm')}>
            <Check aria-hidden="true" className="size-4" /> Confirm
          </Button>
          <Button size="sm" variant="light" disabled={busy} onClick={() => onDecide('reject')}>
            <X aria-hidden="true" className="size-4" /> Cancel
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-neutral-700" data-testid="assistant-proposal-status">
          {STATUS_LABELS[proposal.status]}
          {proposal.outcome && proposal.status !== 'rejected' ? `: ${proposal.outcome}` : ''}
        </p>
      )}
    </li>
  );
}

function Item({
  item,
  decide,
  busy,
}: {
  item: AssistantItem;
  decide: (id: string, decision: 'confirm' | 'reject') => void;
  busy: boolean;
}) {
  switch (item.kind) {
    case 'user':
      return (
        <li className="ml-8 self-end rounded-xl bg-neutral-900 px-3 py-2 text-sm whitespace-pre-wrap text-white">
          <span className="sr-only">You: </span>
          {item.text}
        </li>
      );
    case 'assistant':
      return (
        <li className="mr-8 rounded-xl bg-neutral-100 px-3 py-2 text-sm whitespace-pre-wrap text-neutral-900">
          <span className="sr-only">Assistant: </span>
          {item.text}
        </li>
      );
    case 'tool':
      return (
        <li
          className="mr-8 flex items-start gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-xs text-neutral-700"
          data-testid="assistant-tool"
        >
          <Search aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-neutral-500" />
          <span>
            <span className="font-semibold">{item.call.name.replaceAll('_', ' ')}</span>: {item.call.summary}
          </span>
        </li>
      );
    case 'proposal':
      return <ProposalCard proposal={item.proposal} busy={busy} onDecide={(d) => decide(item.proposal.id, d)} />;
  }
}

/**
 * The assistant in a dashboard: the conversation (answers stream in, tool calls show as cards, proposed changes as
 * cards with Confirm / Cancel), a message box, and quick actions that work without a model.
 */
export function AssistantPanel({ shopId }: { shopId: string }) {
  const conversation = useAssistantConversation(shopId, true);
  const decide = useDecideProposal(shopId);
  const quick = useQuickAction(shopId);
  const [message, setMessage] = useState('');
  const [live, setLive] = useState<AssistantItem[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Decisions made here, shown at once (the conversation is read again behind them). */
  const [decided, setDecided] = useState<Record<string, AssistantProposal>>({});
  const listRef = useRef<HTMLDivElement>(null);

  const status = conversation.data?.status;
  const items = [...(conversation.data?.items ?? []), ...live].map((item) =>
    item.kind === 'proposal' && decided[item.proposal.id] ? { ...item, proposal: decided[item.proposal.id]! } : item,
  );

  useEffect(() => {
    const list = listRef.current;
    if (list && items.length) list.scrollTop = list.scrollHeight;
  }, [items.length]);

  const onDecide = (id: string, decision: 'confirm' | 'reject') => {
    decide.mutate(
      { id, decision },
      {
        onSuccess: ({ proposal }) => setDecided((d) => ({ ...d, [proposal.id]: proposal })),
        onError: (err) => setError(err.message),
      },
    );
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = message.trim();
    if (!text || streaming) return;
    setError(null);
    setMessage('');
    setStreaming(true);
    const at = new Date().toISOString();
    setLive([{ kind: 'user', text, at }]);
    let answer = '';
    const onEvent = (e: AssistantEvent) => {
      if (e.type === 'text') {
        answer += e.delta;
        setLive((items) => {
          const rest = items.filter((i, n) => !(n === items.length - 1 && i.kind === 'assistant'));
          return [...rest, { kind: 'assistant', text: answer, at }];
        });
      } else if (e.type === 'tool') {
        answer = '';
        setLive((items) => [...items, { kind: 'tool', call: e.call, at }]);
      } else if (e.type === 'proposal') {
        answer = '';
        setLive((items) => [...items, { kind: 'proposal', proposal: e.proposal, at }]);
      } else if (e.type === 'error') {
        setError(e.message);
      }
    };
    try {
      await streamChat(shopId, text, onEvent);
      await conversation.refetch();
      setLive([]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : ASSISTANT_MESSAGES.modelFailed);
    } finally {
      setStreaming(false);
    }
  };

  const runQuick = (action: AssistantQuickAction) => {
    setError(null);
    quick.mutate(action, {
      onSuccess: (result) => {
        const at = new Date().toISOString();
        setLive((items) => [
          ...items,
          { kind: 'assistant', text: result.text, at },
          ...(result.proposal ? [{ kind: 'proposal' as const, proposal: result.proposal, at }] : []),
        ]);
      },
      onError: (err) => setError(err.message),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  if (conversation.isPending) {
    return (
      <div className="grid place-items-center py-10 text-amber-500">
        <Spinner label="Loading the assistant" />
      </div>
    );
  }
  if (conversation.isError) {
    return <p className="text-sm text-red-700">The assistant could not be loaded: {conversation.error.message}</p>;
  }

  return (
    <div className="flex flex-col gap-3">
      {status?.configured ? (
        <p className="text-xs text-neutral-600">Model: {status.model}. Changes are only made when you confirm them.</p>
      ) : (
        <p
          className="rounded-lg border border-neutral-200 bg-neutral-50 p-3 text-sm text-neutral-800"
          data-testid="assistant-not-set-up"
        >
          {ASSISTANT_MESSAGES.notSetUp} The quick actions below work without it.
          {status?.operatorDocs ? (
            <>
              {' '}
              <a
                href={status.operatorDocs}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-amber-800 underline focus-visible:outline-2 focus-visible:outline-amber-500"
              >
                How to connect a model (operator docs)
              </a>
            </>
          ) : null}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick actions</legend>
        {status?.quickActions.map((action) => (
          <Button
            key={action.id}
            size="sm"
            variant="light"
            disabled={quick.isPending}
            onClick={() => runQuick(action.id)}
          >
            <Zap aria-hidden="true" className="size-4 text-amber-600" /> {action.label}
          </Button>
        ))}
      </fieldset>
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation with the assistant"
        className="max-h-[50dvh] min-h-40 overflow-y-auto rounded-xl border border-neutral-200 p-3"
      >
        <ol className="flex min-h-34 flex-col gap-2">
          {items.length === 0 ? (
            <li className="m-auto flex flex-col items-center gap-2 text-center text-sm text-neutral-600">
              <Bot aria-hidden="true" className="size-6 text-amber-600" />
              Ask about today's agenda, a gap for a walk-in, or to move an appointment.
            </li>
          ) : (
            items.map((item, n) => (
              // The conversation only grows at its end, so a position names the same item on every render.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
              <Item key={`${item.kind}-${n}`} item={item} busy={decide.isPending} decide={onDecide} />
            ))
          )}
          {streaming ? (
            <li className="mr-8 text-xs text-neutral-500">
              <Spinner className="size-3" label="The assistant is answering" />
            </li>
          ) : null}
        </ol>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <form onSubmit={(e) => void send(e)} className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`assistant-message-${shopId}`}>
          Message the assistant
        </label>
        <textarea
          id={`assistant-message-${shopId}`}
          data-autofocus={status?.configured ? true : undefined}
          rows={2}
          maxLength={ASSISTANT_LIMITS.messageMax}
          value={message}
          disabled={!status?.configured || streaming}
          placeholder={status?.configured ? 'e.g. Find a gap for a walk-in haircut' : 'Not connected yet'}
          onChange={(e) => setMessage(e.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-11 flex-1 resize-none rounded-lg border border-neutral-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-amber-500 disabled:bg-neutral-100"
        />
        <Button type="submit" disabled={!status?.configured || streaming || !message.trim()}>
          <Send aria-hidden="true" className="size-4" /> Send
        </Button>
      </form>
    </div>
  );
}
