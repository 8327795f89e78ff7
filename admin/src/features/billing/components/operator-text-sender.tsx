import { phoneCountries, type OperatorTextSender as SenderInput, type ShopTextSender } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, api } from '../../../lib/api-client';

const senderPath = (shopId: string) => `/api/admin/shops/${shopId}/text-sender`;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

type Choice = 'shared' | 'number' | 'service' | 'buy';

/** The sender in a few words, for the dialog's first line. */
export function senderSummary(sender: ShopTextSender): string {
  if (sender.kind === 'number') return `Its own number, ${sender.number}`;
  if (sender.kind === 'messaging_service') return 'Its own Messaging Service';
  return "Barberly's shared sender";
}

/**
 * The operator gives a shop its own SMS sender (issue 23, decision 0170): a number the Twilio account owns, a
 * Messaging Service, or a number bought from Twilio now; or puts it back on the shared sender (a bought number
 * goes back to Twilio).
 */
export function OperatorTextSenderButton({ shopId, shopName }: { shopId: string; shopName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="light"
        className="mt-2 sm:mt-0 sm:ml-2"
        aria-label={`Text sender of ${shopName}`}
        onClick={() => setOpen(true)}
      >
        Text sender
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Text sender of ${shopName}`}>
        {open ? <SenderForm shopId={shopId} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

function SenderForm({ shopId, onDone }: { shopId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const sender = useQuery({
    queryKey: [senderPath(shopId)],
    queryFn: () => api.get<ShopTextSender>(senderPath(shopId)),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (input: SenderInput | null) =>
      input ? api.put<ShopTextSender>(senderPath(shopId), input) : api.delete<ShopTextSender>(senderPath(shopId)),
    onSuccess: (view) => queryClient.setQueryData([senderPath(shopId)], view),
  });
  const [choice, setChoice] = useState<Choice>('number');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [serviceSid, setServiceSid] = useState('');
  const [country, setCountry] = useState('US');
  const [areaCode, setAreaCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const name = useId();
  const countries = useMemo(
    () =>
      phoneCountries()
        .map((code) => ({ value: code, label: regionNames.of(code) ?? code }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [],
  );

  if (sender.isPending) {
    return (
      <div className="grid place-items-center py-6 text-amber-500">
        <Spinner label="Loading the text sender" />
      </div>
    );
  }
  if (sender.isError) {
    return (
      <div className="text-sm text-neutral-700">
        <p>The text sender could not be loaded: {sender.error.message}</p>
        <Button className="mt-2" variant="light" size="sm" onClick={() => void sender.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    setDone(null);
    const input: SenderInput | null =
      choice === 'shared'
        ? null
        : choice === 'number'
          ? { phoneNumber }
          : choice === 'service'
            ? { messagingServiceSid: serviceSid }
            : { buy: { country, ...(areaCode ? { areaCode } : {}) } };
    try {
      const view = await save.mutateAsync(input);
      setDone(`Saved: ${senderSummary(view)}.`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The sender could not be saved');
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    }
  };

  const option = (value: Choice, label: string) => (
    <label className="flex items-center gap-2 text-sm text-neutral-900">
      <input
        type="radio"
        name={name}
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
        className="size-4 accent-amber-600 focus-visible:outline-2 focus-visible:outline-amber-500"
      />
      {label}
    </label>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        Now: <span className="font-semibold text-neutral-900">{senderSummary(sender.data)}</span>
      </p>
      <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-neutral-800">Send this shop's SMS from</legend>
        {option('number', 'A number the Twilio account owns')}
        {option('service', 'A Messaging Service')}
        {option('buy', 'A new number bought from Twilio now')}
        {option('shared', "Barberly's shared sender")}
      </fieldset>
      {choice === 'number' ? (
        <Field
          label="Number (E.164)"
          placeholder="+14155550123"
          inputMode="tel"
          value={phoneNumber}
          error={errors.phoneNumber}
          hint="Point its incoming-message webhook at /api/messaging/twilio/inbound."
          onChange={(event) => setPhoneNumber(event.target.value)}
        />
      ) : null}
      {choice === 'service' ? (
        <Field
          label="Messaging Service SID"
          placeholder="MG..."
          value={serviceSid}
          error={errors.messagingServiceSid}
          onChange={(event) => setServiceSid(event.target.value)}
        />
      ) : null}
      {choice === 'buy' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Country"
            value={country}
            options={countries}
            error={errors['buy.country']}
            onChange={(event) => setCountry(event.target.value)}
          />
          <Field
            label="Area code (optional)"
            inputMode="numeric"
            value={areaCode}
            error={errors['buy.areaCode']}
            onChange={(event) => setAreaCode(event.target.value)}
          />
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {done}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="light" onClick={onDone}>
          Close
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : choice === 'buy' ? 'Buy and use' : 'Save sender'}
        </Button>
      </div>
    </form>
  );
}
