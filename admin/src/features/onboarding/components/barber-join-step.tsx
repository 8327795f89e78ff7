import { type JoinShopResponse, JoinShopSchema } from '@barberly/common';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { StepFrame } from './wizard-layout';

export const EMPTY_CODE_MESSAGE = 'Enter the shop code from your shop owner';
export const EMPTY_NAME_MESSAGE = 'Enter your name as clients will see it';

/**
 * Spec 2: barbers join by a code from their shop owner (issue #7 makes it real). The code is checked with common's
 * rule first (8 letters and digits; case, spaces and dashes do not matter), then POST /api/barbers/join; the api's
 * reason for a refusal ('No shop has that join code...') is shown under the field. Issue 26: the barber also gives
 * the name clients see (`{code, name}`), instead of one made from their e-mail.
 */
export function BarberJoinStep({
  onBack,
  join,
  onJoined,
}: {
  onBack: () => void;
  join: (code: string, name: string) => Promise<JoinShopResponse>;
  onJoined: (result: JoinShopResponse) => void | Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nameMessage =
      name.trim() === '' ? EMPTY_NAME_MESSAGE : JoinShopSchema.shape.name.safeParse(name).error?.issues[0]?.message;
    setNameError(nameMessage);
    if (code.trim() === '') {
      setError(EMPTY_CODE_MESSAGE);
      return;
    }
    const parsed = JoinShopSchema.safeParse({ code, name: name.trim() || undefined });
    if (!parsed.success) {
      const codeIssue = parsed.error.issues.find((i) => i.path[0] === 'code');
      setError(codeIssue?.message);
      if (codeIssue || nameMessage) return;
    }
    if (nameMessage || !parsed.success) return;
    setError(undefined);
    setPending(true);
    try {
      const result = await join(parsed.data.code, parsed.data.name ?? name.trim());
      await onJoined(result);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Join a shop" className="mx-auto max-w-xl">
      <StepFrame
        title="Join your barbershop"
        description="Ask your shop owner for your shop code and enter it below."
        footer={
          <>
            <Button variant="light" onClick={onBack} disabled={pending}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back
            </Button>
            <Button type="submit" disabled={pending}>
              <KeyRound aria-hidden="true" className="size-4" /> {pending ? 'Joining...' : 'Join Shop'}
            </Button>
          </>
        }
      >
        <Field
          label="Your name"
          hint="As clients will see it on the shop's page, e.g. Tony B."
          autoComplete="name"
          value={name}
          disabled={pending}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError && event.target.value.trim()) setNameError(undefined);
          }}
          error={nameError}
        />
        <Field
          label="Shop Code"
          placeholder="e.g. K7QX-3M2P"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          value={code}
          disabled={pending}
          onChange={(event) => {
            setCode(event.target.value);
            if (error && event.target.value.trim()) setError(undefined);
          }}
          error={error}
        />
      </StepFrame>
    </form>
  );
}
