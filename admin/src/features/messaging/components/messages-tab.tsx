import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMessagingSettings } from '../api/messaging-api';
import { AssistantTextsCard } from './assistant-texts-card';
import { MessageInbox } from './message-inbox';
import { TextRemindersCard } from './text-reminders-card';

/** The tab's label: 'Messages' and, while clients' replies wait, a badge read as '2 unread'. */
export function MessagesTabLabel({ shopId }: { shopId: string }) {
  const unread = useMessagingSettings(shopId).data?.unread ?? 0;
  return (
    <span className="inline-flex items-center justify-center gap-1.5">
      Messages
      {unread > 0 ? (
        <span className="inline-grid min-w-5 place-items-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white">
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="sr-only">{`, ${unread} unread`}</span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * The Messages tab (issue 15): the texts in and out with the reply form, whether the assistant answers texts
 * (issue 23), then the text reminder settings.
 */
export function MessagesTab({ shopId }: { shopId: string }) {
  const settings = useMessagingSettings(shopId);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <MessageInbox shopId={shopId} />
      <AssistantTextsCard shopId={shopId} />
      {settings.isPending ? (
        <div className="grid place-items-center py-8 text-amber-500">
          <Spinner label="Loading text reminder settings" />
        </div>
      ) : settings.isError ? (
        <Card className="text-center">
          <p className="font-semibold">The text reminder settings could not be loaded</p>
          <p className="mt-1 text-sm text-neutral-600">{settings.error.message}</p>
          <Button className="mt-4" size="sm" onClick={() => void settings.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </Card>
      ) : (
        <TextRemindersCard shopId={shopId} settings={settings.data} />
      )}
    </div>
  );
}
