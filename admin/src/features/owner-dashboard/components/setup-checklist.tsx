import { defaultHours, type Shop, WEEKDAYS } from '@barberly/common';
import { CheckCircle2, Circle, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { loadSetupProgress, type SetupProgress, type SetupStep, saveSetupProgress } from '../lib/setup-progress';
import { HolidayPicker } from './special-days/special-days-card';

/** Where a step's button takes the owner: another tab, or a card on the Overview. */
export type SetupTarget = 'barbers' | 'messages' | 'hours' | 'domains';

/** Opening hours other than the defaults were chosen on purpose: the step is done without a tick. */
function hoursChanged(shop: Pick<Shop, 'hours_json'>): boolean {
  const defaults = defaultHours();
  return WEEKDAYS.some((day) => JSON.stringify(shop.hours_json[day]) !== JSON.stringify(defaults[day]));
}

interface StepView {
  key: SetupStep;
  title: string;
  detail: string;
  done: boolean;
  action: ReactNode;
}

/**
 * The Overview's setup checklist (issue 28): add a barber, set hours, close on the public holidays (issue 25: the
 * country's next 12 months, all ticked for review, closed in one click), share the link, turn on text reminders,
 * connect a domain. Shown until every step is done or dismissed; each step says how to do it.
 */
export function SetupChecklist({
  shop,
  barberCount,
  onGoTo,
  onShareLink,
  storage = window.localStorage,
}: {
  shop: Shop;
  barberCount: number;
  onGoTo: (target: SetupTarget) => void;
  /** Copies the shop's link (and says so); resolves true when it was copied. */
  onShareLink: () => Promise<boolean>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}) {
  const [progress, setProgress] = useState<SetupProgress>(() => loadSetupProgress(storage, shop.id));
  const [holidaysOpen, setHolidaysOpen] = useState(false);
  const update = (next: SetupProgress) => {
    setProgress(next);
    saveSetupProgress(storage, shop.id, next);
  };
  const mark = (step: SetupStep, list: keyof SetupProgress) =>
    update({ ...progress, [list]: progress[list].includes(step) ? progress[list] : [...progress[list], step] });

  const steps: StepView[] = [
    {
      key: 'barber',
      title: 'Add a barber',
      detail: 'Clients book a barber: add the people who cut hair here.',
      done: barberCount > 0,
      action: (
        <Button variant="light" size="sm" onClick={() => onGoTo('barbers')}>
          Add a barber
        </Button>
      ),
    },
    {
      key: 'hours',
      title: 'Set your opening hours',
      detail: 'Clients can book only within them.',
      done: progress.done.includes('hours') || hoursChanged(shop),
      action: (
        <>
          <Button variant="light" size="sm" onClick={() => onGoTo('hours')}>
            Review hours
          </Button>
          <Button variant="light" size="sm" onClick={() => mark('hours', 'done')}>
            They are right
          </Button>
        </>
      ),
    },
    {
      key: 'holidays',
      title: 'Close on public holidays',
      detail: 'Review your country’s public holidays for the next 12 months and close them in one click.',
      done: progress.done.includes('holidays'),
      action: (
        <Button variant="light" size="sm" onClick={() => setHolidaysOpen(true)}>
          Review holidays
        </Button>
      ),
    },
    {
      key: 'share',
      title: 'Share your booking link',
      detail: 'Put it on your social profiles and in your messages.',
      done: progress.done.includes('share'),
      action: (
        <Button
          variant="light"
          size="sm"
          onClick={async () => {
            if (await onShareLink()) mark('share', 'done');
          }}
        >
          Copy link
        </Button>
      ),
    },
    {
      key: 'texts',
      title: 'Turn on text reminders',
      detail: 'Fewer no-shows: clients get a text before their visit.',
      done: Boolean(shop.smsEnabled || shop.whatsappEnabled),
      action: (
        <Button variant="light" size="sm" onClick={() => onGoTo('messages')}>
          Set up texts
        </Button>
      ),
    },
    {
      key: 'domain',
      title: 'Connect your own domain',
      detail: 'Clients find you at your own address, like www.yourshop.com.',
      done: Boolean(shop.customDomain),
      action: (
        <Button variant="light" size="sm" onClick={() => onGoTo('domains')}>
          Set up a domain
        </Button>
      ),
    },
  ];
  const open = steps.filter((step) => !progress.dismissed.includes(step.key));
  if (open.every((step) => step.done)) return null;
  const doneCount = steps.filter((step) => step.done).length;

  return (
    <Card aria-labelledby="setup-checklist-title" role="region">
      <CardHeader
        title={<span id="setup-checklist-title">Get your shop ready</span>}
        description={`${doneCount} of ${steps.length} done`}
      />
      <ol className="mt-4 divide-y divide-neutral-100">
        {open.map((step) => (
          <li key={step.key} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-step={step.key}>
            <div className="flex min-w-0 flex-1 items-start gap-3">
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-neutral-400" />
              )}
              <div className="min-w-0">
                <p className={step.done ? 'font-semibold text-neutral-500 line-through' : 'font-semibold'}>
                  {step.title}
                  <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                </p>
                {step.done ? null : <p className="text-sm text-neutral-600">{step.detail}</p>}
              </div>
            </div>
            {step.done ? null : (
              <div className="flex flex-wrap items-center gap-2 pl-8 sm:pl-0">
                {step.action}
                <button
                  type="button"
                  aria-label={`Dismiss: ${step.title}`}
                  title="Dismiss"
                  onClick={() => mark(step.key, 'dismissed')}
                  className="grid size-9 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-amber-500"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <Dialog
        open={holidaysOpen}
        onClose={() => setHolidaysOpen(false)}
        title="Public holidays"
        description="The next 12 months. Untick the days you stay open."
      >
        {holidaysOpen ? (
          <HolidayPicker
            shopId={shop.id}
            allPicked
            onClosed={() => mark('holidays', 'done')}
            onDone={() => setHolidaysOpen(false)}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}
