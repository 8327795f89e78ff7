import { Copy, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { failureToast } from '../../../lib/dashboard-toasts';
import { useJoinCode, useRegenerateJoinCode } from '../api/owner-api';
import { copyText } from '../lib/clipboard';
import { copyFailedToast, joinCodeCopiedToast, joinCodeRegeneratedToast } from '../lib/messages';

/** 'K7QX3M2P' shown as 'K7QX-3M2P' (joining ignores the dash), easier to read aloud. */
export function displayJoinCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The shop's join code for barber accounts: copy it, or replace it (the old one stops working) after a confirm. */
export function JoinCodeCard({ shopId }: { shopId: string }) {
  const joinCode = useJoinCode(shopId);
  const regenerate = useRegenerateJoinCode(shopId);
  const [confirming, setConfirming] = useState(false);
  const code = joinCode.data?.code;
  return (
    <Card>
      <CardHeader
        as="h3"
        title="Barber Join Code"
        description="Barbers sign up, choose 'I'm a barber' and enter this code to join your shop with their own account."
      />
      {joinCode.isPending ? (
        <div className="mt-4 text-amber-500">
          <Spinner label="Loading the join code" />
        </div>
      ) : joinCode.isError ? (
        <div className="mt-4 text-sm text-neutral-600">
          <p>The join code could not be loaded: {joinCode.error.message}</p>
          <Button className="mt-2" variant="light" size="sm" onClick={() => void joinCode.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </div>
      ) : code ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center gap-2 rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2">
            <KeyRound aria-hidden="true" className="size-4 text-amber-600" />
            <code data-testid="join-code" className="font-mono text-lg font-bold tracking-widest">
              {displayJoinCode(code)}
            </code>
          </span>
          <Button
            variant="light"
            size="sm"
            onClick={async () => showToast((await copyText(code)) ? joinCodeCopiedToast : copyFailedToast)}
          >
            <Copy aria-hidden="true" className="size-4" /> Copy Code
          </Button>
          {confirming ? null : (
            <Button variant="light" size="sm" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" className="size-4" /> Regenerate
            </Button>
          )}
        </div>
      ) : null}
      {confirming ? (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm font-medium text-red-900">
            Make a new code? The current code stops working; barbers who already joined stay in your shop.
          </p>
          <div className="mt-2 flex gap-2">
            <Button variant="light" size="sm" disabled={regenerate.isPending} onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button
              variant="danger"
              size="sm"
              disabled={regenerate.isPending}
              onClick={async () => {
                try {
                  await regenerate.mutateAsync();
                  showToast(joinCodeRegeneratedToast);
                  setConfirming(false);
                } catch (error) {
                  showToast(failureToast('Failed to regenerate the join code', error));
                }
              }}
            >
              {regenerate.isPending ? 'Regenerating...' : 'Yes, make a new code'}
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
