import { STAFF_NOTIFICATION_EVENTS, STAFF_NOTIFICATION_LABELS, type StaffNotificationEvent } from '@barberly/common';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { currentPushSubscription, pushSupported, subscribeToPush } from '../../../lib/service-worker';
import { pushApi, useNotificationPreferences, useSaveNotificationPreferences } from '../api/push-api';

type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** Push on this phone, on or off (the browser asks for permission once). */
function PushSwitch() {
  const qc = useQueryClient();
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pushSupported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    void currentPushSubscription().then((sub) => setState(sub ? 'on' : 'off'));
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const { publicKey } = await pushApi.key();
      await pushApi.add(await subscribeToPush(publicKey));
      setState('on');
      showToast({ title: 'Notifications are on for this device', variant: 'success' });
    } catch (err) {
      showToast({
        title: 'Notifications could not be turned on',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: ['/api/my/notification-preferences'] });
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      const sub = await currentPushSubscription();
      if (sub) {
        await pushApi.remove(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
    } catch (err) {
      showToast({
        title: 'Not saved',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: ['/api/my/notification-preferences'] });
    }
  };

  if (state === 'checking') return <Spinner label="Checking notifications on this device" />;
  if (state === 'unsupported') {
    return (
      <p className="text-sm text-neutral-700">
        This browser cannot show notifications. On an iPhone, add Barberly to your Home Screen first (Share, then Add to
        Home Screen).
      </p>
    );
  }
  if (state === 'denied') {
    return (
      <p className="text-sm text-neutral-700">
        Notifications are blocked for Barberly in this browser. Allow them in the browser's site settings, then come
        back.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-neutral-800" aria-live="polite">
        {state === 'on' ? 'Notifications are on for this device.' : 'Notifications are off for this device.'}
      </p>
      {state === 'on' ? (
        <Button variant="outline" onClick={() => void turnOff()} disabled={busy}>
          <BellOff aria-hidden="true" className="size-4" /> Turn off on this device
        </Button>
      ) : (
        <Button onClick={() => void turnOn()} disabled={busy}>
          <Bell aria-hidden="true" className="size-4" /> Turn on notifications
        </Button>
      )}
    </div>
  );
}

/** Each event, by push and by e-mail (e-mail reaches you when no push did). */
function Choices() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // The box shows the tick in the same event it was clicked (the query's own update renders a moment later, and a
  // controlled box would first snap back); the saved choices take over once the save has answered.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  if (prefs.isPending) return <Spinner label="Loading your notification choices" />;
  if (prefs.isError) {
    return <p className="text-sm text-neutral-700">Your choices could not be loaded: {prefs.error.message}</p>;
  }
  const set = (channel: 'push' | 'email', event: StaffNotificationEvent, on: boolean) => {
    const key = `${channel}.${event}`;
    setTicked((t) => ({ ...t, [key]: on }));
    save.mutate(
      { [channel]: { [event]: on } },
      {
        onError: (err) => showToast({ title: 'Not saved', description: err.message, variant: 'destructive' }),
        onSettled: () =>
          setTicked((t) => {
            const { [key]: _done, ...rest } = t;
            return rest;
          }),
      },
    );
  };
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="sr-only">Notify me about</caption>
      <thead>
        <tr className="text-left text-neutral-700">
          <th scope="col" className="py-1 font-semibold">
            Notify me about
          </th>
          <th scope="col" className="w-16 py-1 text-center font-semibold">
            Push
          </th>
          <th scope="col" className="w-16 py-1 text-center font-semibold">
            E-mail
          </th>
        </tr>
      </thead>
      <tbody>
        {STAFF_NOTIFICATION_EVENTS.map((event) => (
          <tr key={event} className="border-t border-neutral-200">
            <th scope="row" className="py-2 text-left font-normal">
              {STAFF_NOTIFICATION_LABELS[event]}
            </th>
            {(['push', 'email'] as const).map((channel) => (
              <td key={channel} className="py-2 text-center">
                <input
                  type="checkbox"
                  className="size-5 accent-amber-600"
                  aria-label={`${STAFF_NOTIFICATION_LABELS[event]} by ${channel === 'push' ? 'push' : 'e-mail'}`}
                  checked={ticked[`${channel}.${event}`] ?? prefs.data[channel][event]}
                  disabled={save.isPending}
                  onChange={(e) => set(channel, event, e.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Settings' Notifications (issue 26 item 4): push on this device, and each event by push and e-mail. */
export function NotificationSettings() {
  return (
    <div className="mt-4 flex flex-col gap-4">
      <PushSwitch />
      <Choices />
      <p className="text-xs text-neutral-600">E-mail reaches you about what you tick when no push did.</p>
    </div>
  );
}
