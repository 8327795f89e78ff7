import { BOOKING_MESSAGES, type JoinShopResponse } from '@barberly/common';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { BarberJoinStep } from './barber-join-step';

vi.setConfig({ testTimeout: 20_000 });

const JOINED = {
  user: { id: 'u1', role: 'barber', shopSlug: 'fade-co' },
  barber: { id: 'b1', shopId: 's1', name: 'Jordan Lee', bio: '', profileImageUrl: '' },
  shop: { id: 's1', slug: 'fade-co', name: 'Fade Co' },
} as unknown as JoinShopResponse;

function setup(join = vi.fn(async (_code: string, _name: string) => JOINED)) {
  const onJoined = vi.fn();
  render(<BarberJoinStep onBack={vi.fn()} join={join} onJoined={onJoined} />);
  return { join, onJoined };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Join Shop' }));

describe('BarberJoinStep', () => {
  it('asks for a name and a code, then for a well-formed code, before calling the api', async () => {
    const { join } = setup();
    await submit();
    expect(screen.getByText('Enter the shop code from your shop owner')).toBeInTheDocument();
    expect(screen.getByText('Enter your name as clients will see it')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your name'), 'Jordan Lee');
    await userEvent.type(screen.getByLabelText('Shop Code'), 'FADE-2025');
    await submit();
    expect(screen.getByText(BOOKING_MESSAGES.joinCode)).toBeInTheDocument();
    expect(join).not.toHaveBeenCalled();
  });

  it('sends the name and the code without case, spaces or dashes, and hands the joined shop on', async () => {
    const { join, onJoined } = setup();
    await userEvent.type(screen.getByLabelText('Your name'), ' Jordan Lee ');
    await userEvent.type(screen.getByLabelText('Shop Code'), ' k7qx-3m2p ');
    await submit();
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(JOINED));
    expect(join).toHaveBeenCalledWith('K7QX3M2P', 'Jordan Lee');
  });

  it("shows the api's reason when it refuses the code", async () => {
    const join = vi.fn(async () => {
      throw new ApiError(404, BOOKING_MESSAGES.joinCodeUnknown, { code: 'join_code_unknown' });
    });
    const { onJoined } = setup(join);
    await userEvent.type(screen.getByLabelText('Your name'), 'Jordan Lee');
    await userEvent.type(screen.getByLabelText('Shop Code'), 'K7QX3M2P');
    await submit();
    expect(await screen.findByText(BOOKING_MESSAGES.joinCodeUnknown)).toBeInTheDocument();
    expect(onJoined).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Join Shop' })).toBeEnabled();
  });
});
