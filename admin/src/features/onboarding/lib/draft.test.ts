import { defaultHours } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEY, loadDraft, saveDraft } from './draft';

const STEPS = ['template', 'details', 'hours'] as const;
const DATA = {
  theme: 'urban' as const,
  details: { name: 'Fade Co', slug: 'fade-co', bio: '', address: '', phoneNumber: '' },
  hours: defaultHours(),
  timeZone: 'Europe/London',
  currency: 'GBP',
  locale: 'en-GB',
  clock: '24h' as const,
  services: [],
  ownerBarber: { cutsHair: true, name: 'Sam' },
};

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('onboarding draft', () => {
  it('comes back for the same user, step and answers', () => {
    const storage = memoryStorage();
    saveDraft(storage, { userId: 'u1', step: 'hours', data: DATA });
    expect(loadDraft(storage, 'u1', STEPS)).toEqual({ userId: 'u1', step: 'hours', data: DATA });
  });

  it("gives a draft saved before issue 13 the browser's currency, locale and clock", () => {
    const storage = memoryStorage();
    const { currency: _c, locale: _l, clock: _k, ...old } = DATA;
    storage.setItem(DRAFT_KEY, JSON.stringify({ userId: 'u1', step: 'hours', data: old }));
    expect(loadDraft(storage, 'u1', STEPS)?.data).toMatchObject({
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      locale: expect.any(String),
      clock: expect.stringMatching(/^(12h|24h)$/),
    });
  });

  it('asks "Do you cut hair here too?" again for a draft saved before it was asked', () => {
    const storage = memoryStorage();
    const { ownerBarber: _o, ...old } = DATA;
    storage.setItem(DRAFT_KEY, JSON.stringify({ userId: 'u1', step: 'hours', data: old }));
    expect(loadDraft(storage, 'u1', STEPS)?.data.ownerBarber).toEqual({ cutsHair: null, name: '' });
  });

  it('is ignored for another user, an unknown step or broken data, and gone once cleared', () => {
    const storage = memoryStorage();
    saveDraft(storage, { userId: 'u1', step: 'hours', data: DATA });
    expect(loadDraft(storage, 'u2', STEPS)).toBeNull();
    expect(loadDraft(storage, 'u1', ['template'] as const)).toBeNull();
    storage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft(storage, 'u1', STEPS)).toBeNull();
    saveDraft(storage, { userId: 'u1', step: 'hours', data: { ...DATA, theme: 'gothic' as never } });
    expect(loadDraft(storage, 'u1', STEPS)).toBeNull();
    saveDraft(storage, { userId: 'u1', step: 'hours', data: DATA });
    clearDraft(storage);
    expect(loadDraft(storage, 'u1', STEPS)).toBeNull();
  });
});
