import type { ReactNode } from 'react';
import { styled, ThemeProvider } from 'styled-components';
import type { ShopView } from '../../lib/shop-view';
import { withPrimaryColor } from '../../themes';
import { GlobalStyle } from '../global-style';
import { ShopFooter } from '../shop-footer';

const Header = styled.header`
  background: ${(p) => p.theme.palette.headerBackground};
  color: ${(p) => p.theme.palette.headerText};
  border-bottom: ${(p) =>
    p.theme.layout.header === 'banner'
      ? `6px solid ${p.theme.primary.base}`
      : p.theme.layout.header === 'crest'
        ? `4px double ${p.theme.palette.border}`
        : `1px solid ${p.theme.palette.border}`};
`;

const HeaderInner = styled.div`
  max-width: ${(p) => p.theme.layout.maxWidth};
  margin: 0 auto;
  padding: 1.25rem;
  display: flex;
  align-items: center;
  gap: 0.9rem;
  justify-content: ${(p) => (p.theme.layout.header === 'crest' ? 'center' : 'flex-start')};
`;

const ShopLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 44px;
  color: ${(p) => p.theme.palette.headerText};
  text-decoration: none;
  font-family: ${(p) => p.theme.fonts.heading};
  font-weight: ${(p) => p.theme.fonts.headingWeight};
  text-transform: ${(p) => p.theme.fonts.headingTransform};
  letter-spacing: ${(p) => p.theme.fonts.headingLetterSpacing};
  font-size: clamp(1.25rem, 5vw, 1.6rem);
  overflow-wrap: anywhere;
  &:hover { text-decoration: underline; }
`;

const Logo = styled.img`
  width: 44px;
  height: 44px;
  object-fit: cover;
  border-radius: ${(p) => (p.theme.layout.header === 'crest' ? '50%' : p.theme.layout.radius)};
`;

const Main = styled.main`
  max-width: 44rem;
  margin: 0 auto;
  padding: 1.75rem 1rem 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem;
  @media (min-width: 720px) { padding-top: 2.5rem; }
`;

const Title = styled.h1`
  font-size: clamp(1.8rem, 7vw, 2.6rem);
  overflow-wrap: anywhere;
`;

/** The shop's look around a booking page: a compact header that leads back to the shop, the page, the footer. */
export function BookingLayout({
  view,
  shopHref,
  title,
  children,
}: {
  view: ShopView;
  shopHref: string;
  title: string;
  children: ReactNode;
}) {
  const theme = withPrimaryColor(view.theme, view.primaryColor, view.font);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <div data-theme={theme.name} data-shop={view.shop.slug}>
        <Header>
          <HeaderInner>
            <ShopLink href={shopHref} rel="external">
              {view.shop.logoUrl ? <Logo src={view.shop.logoUrl} alt="" width={44} height={44} /> : null}
              <span>{view.shop.name}</span>
            </ShopLink>
          </HeaderInner>
        </Header>
        <Main>
          <Title>{title}</Title>
          {children}
        </Main>
        <ShopFooter view={view} />
      </div>
    </ThemeProvider>
  );
}
