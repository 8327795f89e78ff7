import { type JoinShopResponse, JoinShopSchema } from '@barberly/common';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { StepFrame } from './wizard-layout';

export const EMPTY_CODE_MESSAGE = 'Enter the shop code from your shop owner';

/**
 * Spec 2: barbers join by a code from their shop owner (issue #7 makes it real). The code is checked with common's
 * rule first (8 letters and digits; case, spaces and dashes do not matter), then POST /api/barbers/join; the api's
 * reason for a refusal ('No shop has that join code...') is shown under the field.
 */
export function BarberJoinStep({
  onBack,
  join,
  onJoined,
}: {
  onBack: () => void;
  join: (code: string) => Promise<JoinShopResponse>;
  onJoined: (result: JoinShopResponse) => void | Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(EMPTY_CODE_MESSAGE);
      return;
    }
    const parsed = JoinShopSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const result = await join(parsed.data.code);
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
