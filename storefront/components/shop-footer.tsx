import { styled } from 'styled-components';
import type { ShopView } from '../lib/shop-view';

const Footer = styled.footer`
  margin-top: 3rem;
  padding: 2rem 1.25rem;
  text-align: center;
  font-size: 0.9rem;
  color: ${(p) => p.theme.palette.headerMuted};
  background: ${(p) => p.theme.palette.headerBackground};
  border-top: ${(p) => (p.theme.layout.header === 'banner' ? `4px solid ${p.theme.primary.base}` : `1px solid ${p.theme.palette.border}`)};
  display: grid;
  gap: 0.35rem;
  strong { color: ${(p) => p.theme.palette.headerText}; font-family: ${(p) => p.theme.fonts.heading}; }
  a { color: inherit; text-decoration: underline; }
`;

export function ShopFooter({ view }: { view: ShopView }) {
  return (
    <Footer>
      <strong>{view.shop.name}</strong>
      {view.shop.address ? <span>{view.shop.address}</span> : null}
      {/* 'Heritage Barber Co.' ends its own sentence: no second full stop. */}
      <small>{`© ${view.year} ${view.shop.name.replace(/\.$/, '')}. All rights reserved.`}</small>
      {view.poweredBy ? (
        <small data-testid="powered-by">
          Powered by <a href={view.urls.home}>Barberly</a>
        </small>
      ) : null}
    </Footer>
  );
}
