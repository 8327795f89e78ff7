/**
 * A shop's package: one service whose name joins others', like 'Haircut + Beard' beside 'Haircut' and 'Beard Trim'.
 * When it costs less than its parts booked apart, the pages say so (issue 28).
 *
 * Worked example: Haircut $35, Beard Trim $20, 'Haircut + Beard' $50. 'Haircut' names Haircut; 'Beard' is the first
 * word of Beard Trim and of no other service, so it names Beard Trim. Apart: $55, so the package saves $5.
 */
export interface PricedService {
  id: string;
  name: string;
  price: number;
}

export interface PackageSaving {
  /** The package service's id. */
  serviceId: string;
  /** The services it stands for, in the order its name lists them. */
  parts: PricedService[];
  /** Their prices added up, and how much less the package costs. */
  apartPrice: number;
  saving: number;
}

/** 'Haircut + Beard', 'Cut & Shave', 'Cut and Shave', 'Cut, Beard and Shave'. */
const JOINERS = /\s*(?:\+|&|,|\band\b|\bwith\b)\s*/i;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The one other service a part of a package's name names: the same name, else the only one it starts. */
function serviceNamed(part: string, others: PricedService[]): PricedService | null {
  const wanted = norm(part);
  if (!wanted) return null;
  const exact = others.filter((s) => norm(s.name) === wanted);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) return null;
  const starts = others.filter((s) => norm(s.name).startsWith(`${wanted} `));
  return starts.length === 1 ? starts[0]! : null;
}

/** Every package of the shop that costs less than its parts booked apart, keyed by the package's id. */
export function packageSavings(services: readonly PricedService[]): Map<string, PackageSaving> {
  const found = new Map<string, PackageSaving>();
  for (const service of services) {
    const names = service.name.split(JOINERS).filter((p) => p.trim() !== '');
    if (names.length < 2) continue;
    const others = services.filter((s) => s.id !== service.id);
    const parts = names.map((n) => serviceNamed(n, others));
    if (parts.some((p) => p === null)) continue;
    const unique = new Set(parts.map((p) => p!.id));
    if (unique.size !== parts.length) continue;
    // Cents, so 35.5 + 19.99 compares exactly.
    const apartCents = parts.reduce((sum, p) => sum + Math.round(p!.price * 100), 0);
    const savingCents = apartCents - Math.round(service.price * 100);
    if (savingCents <= 0) continue;
    found.set(service.id, {
      serviceId: service.id,
      parts: parts as PricedService[],
      apartPrice: apartCents / 100,
      saving: savingCents / 100,
    });
  }
  return found;
}

/** 'Save $5: Haircut and Beard Trim booked apart cost $55.', with the shop's money format. */
export function packageSavingNote(saving: PackageSaving, money: (amount: number) => string): string {
  const names = saving.parts.map((p) => p.name.trim());
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `Save ${money(saving.saving)}: ${listed} booked apart cost ${money(saving.apartPrice)}.`;
}
