/** A special day the public shop page shows (the whole shop's, upcoming). */
export interface ShopPageSpecialDay {
  date: string;
  closed: boolean;
  open: string | null;
  close: string | null;
  reason: string;
}
