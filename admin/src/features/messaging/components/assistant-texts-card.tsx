import { ASSISTANT_TEXTS_MESSAGES, type AssistantTextsState } from '@barberly/common';
import { Bot, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAssistantTexts, useSetAssistantTexts } from '../api/messaging-api';

/** The words of the switch's note (what it does, or why it cannot be turned on). */
function NotConnected({ state, id }: { state: AssistantTextsState; id: string }) {
  return (
    <p id={id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {ASSISTANT_TEXTS_MESSAGES.notConnected}
      {state.operatorDocs ? (
        <>
          {' '}
          <a
            href={state.operatorDocs}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-amber-900 underline focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            How to connect a model (operator docs)
          </a>
        </>
      ) : null}
    </p>
  );
}

/**
 * "The assistant answers texts" (issue 23 item 9): off by default; the assistant then answers clients' texts, its
 * changes wait for the client's YES, and the owner can take any conversation over for 24 hours. Disabled, with the
 * reason, while no model is connected.
 */
export function AssistantTextsCard({ shopId }: { shopId: string }) {
  const state = useAssistantTexts(shopId);
  const update = useSetAssistantTexts(shopId);
  const [failure, setFailure] = useState<string | null>(null);
  // The box keeps the tick it was given until the save answers: bound to the query alone, it showed the old value
  // for a moment after the click (what the assistant-texts journey saw: "clicking did not change its state").
  const [asked, setAsked] = useState<boolean | null>(null);
  const id = useId();
  const noteId = `${id}-note`;
  const titleId = `${id}-title`;

  const toggle = (enabled: boolean) => {
    setFailure(null);
    setAsked(enabled);
    update.mutate(enabled, {
      onError: (error) => setFailure(error instanceof Error ? error.message : 'The setting could not be saved'),
      onSettled: () => setAsked(null),
    });
  };

  return (
    <Card>
      <CardHeader
        title={
          <span id={titleId} className="inline-flex items-center gap-2">
            <Bot aria-hidden="true" className="size-5 text-amber-600" /> Assistant for texts
          </span>
        }
        description="Clients who text you get an answer at once: opening hours, prices, free times, and their own appointments. Any change waits for the client's YES, and you can take over a conversation at any time."
      />
      <div className="mt-4 flex flex-col gap-3">
        {state.isPending ? (
          <div className="grid place-items-center py-4 text-amber-500">
            <Spinner label="Loading the assistant setting" />
          </div>
        ) : state.isError ? (
          <div className="text-sm text-neutral-700">
            <p>The assistant setting could not be loaded: {state.error.message}</p>
            <Button className="mt-2" variant="light" size="sm" onClick={() => void state.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" /> Try again
            </Button>
          </div>
        ) : (
          <>
            <div className="flex items-center gap-3">
              <input
                id={id}
                type="checkbox"
                checked={state.data.available && (asked ?? state.data.enabled)}
                disabled={!state.data.available || update.isPending}
                aria-describedby={state.data.available ? undefined : noteId}
                onChange={(event) => toggle(event.target.checked)}
                className="size-5 shrink-0 accent-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed"
              />
              <label htmlFor={id} className="text-sm font-medium text-neutral-900">
                {ASSISTANT_TEXTS_MESSAGES.switchLabel}
              </label>
            </div>
            {state.data.available ? null : <NotConnected state={state.data} id={noteId} />}
            {failure ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {failure}
              </p>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
