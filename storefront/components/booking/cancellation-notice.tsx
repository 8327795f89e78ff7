/**
 * Issue 27: on the manage page's cancel step, what cancelling now costs or gives back (the late-cancellation fee
 * inside the shop's window, a refund outside it), said before the client confirms.
 */
import type { CancellationTerms } from '@barberly/common';
import { useEffect, useState } from 'react';
import { fetchCancellationTerms } from '../../lib/booking-api';
import { Muted, Notice } from './booking-ui';

export function CancellationNotice({ token }: { token: string }) {
  const [terms, setTerms] = useState<CancellationTerms | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCancellationTerms(token, controller.signal)
      .then(setTerms)
      .catch(() => undefined);
    return () => controller.abort();
  }, [token]);
  if (!terms?.notice) return null;
  return (
    <>
      <Notice data-cancel-fee={terms.insideWindow ? 'late' : 'refund'}>{terms.notice}</Notice>
      {terms.policyText ? <Muted>The policy you accepted: {terms.policyText}</Muted> : null}
    </>
  );
}
