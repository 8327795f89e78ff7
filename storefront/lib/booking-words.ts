/** What the client's pages say where the api has no message of its own (issue 28). */

/** A shop with no barber yet: nobody can be booked, so the pages say when rather than offering "Any barber". */
export const BOOKINGS_OPEN_SOON = 'Online booking opens soon: this shop is still setting up its team.';
