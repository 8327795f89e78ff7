import { describe, expect, it } from 'vitest';
import { manageUrlOf } from './booking-mails';

describe('the manage link in mails and booking answers', () => {
  it('lives under the main origin for a shop on its subdomain', () => {
    expect(manageUrlOf('https://barberly.app', { slug: 'joes', customDomain: null }, 'tok/en')).toBe(
      'https://barberly.app/shop/joes/appointments/tok%2Fen',
    );
  });

  it("lives on the shop's active custom domain, with the public origin's scheme and port (issue 16)", () => {
    expect(manageUrlOf('https://barberly.app', { slug: 'joes', customDomain: 'www.joescuts.com' }, 'abc')).toBe(
      'https://www.joescuts.com/appointments/abc',
    );
    expect(manageUrlOf('http://localhost:3000', { slug: 'joes', customDomain: 'www.joescuts.com' }, 'abc')).toBe(
      'http://www.joescuts.com:3000/appointments/abc',
    );
  });
});
