import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useConfirmOperatorProof, useExtendTrial, useOperatorShops, useSendOperatorProof } from '../api/billing-api';
import { OperatorTextSenderButton } from './operator-text-sender';

/**
 * An ADMIN_EMAILS account whose address is not proven yet (the api's 403 `operator_unverified` says so in words):
 * a button mails it a link; the link comes back here as `?proof=`, which proves the address and opens the console.
 */
function ProveAddress({ message }: { message: string }) {
  const send = useSendOperatorProof();
  return (
    <Card className="mx-auto max-w-lg text-center">
      <h1 className="text-xl font-bold">Prove your address</h1>
      <p className="mt-2 text-neutral-700">{message}</p>
      <Button className="mt-4" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Sending…' : 'Send me the link'}
      </Button>
      {send.data || send.error ? (
        <p role="status" className="mt-3 text-sm text-neutral-700">
          {send.data?.message ?? send.error?.message}
        </p>
      ) : null}
    </Card>
  );
}

/** /admin/shops (ADMIN_EMAILS only): every shop's plan, status, trial end and barbers; extend a trial by hand. */
export function OperatorShops() {
  const shops = useOperatorShops();
  const extend = useExtendTrial();
  const [message, setMessage] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const proof = params.get('proof');
  const confirm = useConfirmOperatorProof();
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!proof || tried.current === proof) return;
    tried.current = proof;
    confirm.mutate(proof, {
      onSettled: (data, error) => {
        setMessage(data?.message ?? error?.message ?? null);
        setParams({}, { replace: true });
      },
    });
  }, [proof, confirm, setParams]);
  if (shops.isPending || confirm.isPending) {
    return <PageSpinner label="Loading shops" />;
  }
  if (shops.isError && shops.error instanceof ApiError && shops.error.code === 'operator_unverified') {
    return (
      <div className="flex flex-col gap-4">
        {message ? (
          <p role="status" className="text-center text-sm text-neutral-700">
            {message}
          </p>
        ) : null}
        <ProveAddress message={shops.error.message} />
      </div>
    );
  }
  if (shops.isError) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold">Shops</h1>
        <p className="mt-2 text-neutral-700">{shops.error.message}</p>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight">Shops</h1>
      {message ? (
        <p role="status" className="text-sm text-neutral-700">
          {message}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-neutral-50 text-neutral-700">
            <tr>
              <th className="p-3">Shop</th>
              <th className="p-3">Plan</th>
              <th className="p-3">Status</th>
              <th className="p-3">Trial ends</th>
              <th className="p-3">Barbers</th>
              <th className="p-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shops.data.shops.map((shop) => (
              <tr key={shop.id} className="border-t border-neutral-100">
                <td className="p-3">
                  <span className="font-semibold">{shop.name}</span>
                  <span className="block text-xs text-neutral-600">{shop.slug}</span>
                </td>
                <td className="p-3">{shop.plan ?? '-'}</td>
                <td className="p-3">{shop.status ?? '-'}</td>
                <td className="p-3">{shop.trialEndsAt ? new Date(shop.trialEndsAt).toLocaleDateString() : '-'}</td>
                <td className="p-3">
                  {shop.barbersUsed}
                  {shop.maxBarbers ? ` / ${shop.maxBarbers}` : ''}
                </td>
                <td className="p-3">
                  <Button
                    size="sm"
                    variant="light"
                    disabled={extend.isPending}
                    aria-label={`Extend the trial of ${shop.name} by 14 days`}
                    onClick={() =>
                      extend.mutate(
                        { shopId: shop.id, days: 14 },
                        {
                          onSuccess: () => setMessage(`${shop.name}: trial extended by 14 days.`),
                          onError: (err) => setMessage(err.message),
                        },
                      )
                    }
                  >
                    Extend trial
                  </Button>
                  <OperatorTextSenderButton shopId={shop.id} shopName={shop.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
