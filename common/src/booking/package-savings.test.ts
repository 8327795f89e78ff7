import { describe, expect, it } from 'vitest';
import { packageSavingNote, packageSavings } from './package-savings';

const HAIRCUT = { id: 'h', name: 'Haircut', price: 35 };
const BEARD = { id: 'b', name: 'Beard Trim', price: 20 };
const SHAVE = { id: 's', name: 'Hot Towel Shave', price: 40 };

describe('packageSavings', () => {
  it("finds 'Haircut + Beard' at $50 against Haircut and Beard Trim at $55 apart", () => {
    const combo = { id: 'c', name: 'Haircut + Beard', price: 50 };
    const saving = packageSavings([HAIRCUT, BEARD, combo, SHAVE]).get('c');
    expect(saving).toEqual({ serviceId: 'c', parts: [HAIRCUT, BEARD], apartPrice: 55, saving: 5 });
  });

  it('reads &, "and", commas and "with" as joiners, in any case', () => {
    const all = [
      HAIRCUT,
      BEARD,
      SHAVE,
      { id: 'x', name: 'haircut & beard trim', price: 54.5 },
      { id: 'y', name: 'Haircut, Beard and Hot Towel Shave', price: 80 },
    ];
    const found = packageSavings(all);
    expect(found.get('x')?.saving).toBe(0.5);
    expect(found.get('y')).toMatchObject({ apartPrice: 95, saving: 15 });
  });

  it('says nothing when the package is not cheaper, or when a part names no service or several', () => {
    expect(packageSavings([HAIRCUT, BEARD, { id: 'c', name: 'Haircut + Beard', price: 55 }]).size).toBe(0);
    expect(packageSavings([HAIRCUT, { id: 'c', name: 'Haircut + Massage', price: 10 }]).size).toBe(0);
    const twoBeards = [HAIRCUT, BEARD, { id: 'b2', name: 'Beard Oil', price: 5 }];
    expect(packageSavings([...twoBeards, { id: 'c', name: 'Haircut + Beard', price: 30 }]).size).toBe(0);
    expect(packageSavings([HAIRCUT, { id: 'c', name: 'Haircut + Haircut', price: 50 }]).size).toBe(0);
  });

  it("words the note with the shop's money: 'Save $5: Haircut and Beard Trim booked apart cost $55.'", () => {
    const combo = { id: 'c', name: 'Haircut + Beard', price: 50 };
    const saving = packageSavings([HAIRCUT, BEARD, combo]).get('c')!;
    expect(packageSavingNote(saving, (n) => `$${n}`)).toBe('Save $5: Haircut and Beard Trim booked apart cost $55.');
    const three = packageSavings([
      HAIRCUT,
      BEARD,
      SHAVE,
      { id: 'y', name: 'Haircut + Beard + Hot Towel Shave', price: 80 },
    ]);
    expect(packageSavingNote(three.get('y')!, (n) => `€${n}`)).toBe(
      'Save €15: Haircut, Beard Trim and Hot Towel Shave booked apart cost €95.',
    );
  });
});
