import { styled, useTheme } from 'styled-components';
import { BOOKINGS_OPEN_SOON } from '../lib/booking-words';
import type { ShopView } from '../lib/shop-view';
import { ActionButton, ActionLink } from './buttons';

const Header = styled.header`
  background: ${(p) => p.theme.palette.headerBackground};
  color: ${(p) => p.theme.palette.headerText};
  ${(p) =>
    p.theme.layout.header === 'banner'
      ? `border-bottom: 6px solid ${p.theme.primary.base};
         background-image: linear-gradient(120deg, ${p.theme.palette.headerBackground} 55%, ${p.theme.primary.base}33);`
      : p.theme.layout.header === 'crest'
        ? `border-bottom: 4px double ${p.theme.palette.border};`
        : `border-bottom: 1px solid ${p.theme.palette.border};`}
`;

const Inner = styled.div`
  max-width: ${(p) => p.theme.layout.maxWidth};
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: ${(p) => (p.theme.layout.header === 'banner' ? '3.5rem 1.25rem 3rem' : '2.5rem 1.25rem 2.25rem')};
  align-items: ${(p) => (p.theme.layout.header === 'crest' ? 'center' : 'flex-start')};
  text-align: ${(p) => (p.theme.layout.header === 'crest' ? 'center' : 'left')};
  @media (min-width: 720px) {
    padding-top: ${(p) => (p.theme.layout.header === 'banner' ? '5rem' : '3.5rem')};
    padding-bottom: ${(p) => (p.theme.layout.header === 'banner' ? '4rem' : '3rem')};
  }
`;

const Logo = styled.img`
  width: ${(p) => (p.theme.layout.header === 'plain' ? '56px' : '88px')};
  height: ${(p) => (p.theme.layout.header === 'plain' ? '56px' : '88px')};
  object-fit: cover;
  border-radius: ${(p) => (p.theme.layout.header === 'crest' ? '50%' : p.theme.layout.radius)};
  ${(p) => (p.theme.layout.header === 'crest' ? `border: 3px solid ${p.theme.primary.onHeader};` : '')}
  background: ${(p) => p.theme.palette.surfaceAlt};
`;

/** Classic without a logo: the initial in a ring, as painted on a shop window. */
const Monogram = styled.span`
  display: grid;
  place-items: center;
  width: 88px;
  height: 88px;
  border-radius: 50%;
  border: 3px double ${(p) => p.theme.primary.onHeader};
  color: ${(p) => p.theme.primary.onHeader};
  font-family: ${(p) => p.theme.fonts.heading};
  font-size: 2.5rem;
`;

const Name = styled.h1`
  font-size: ${(p) =>
    p.theme.layout.header === 'banner'
      ? 'clamp(2.4rem, 9vw, 4.5rem)'
      : p.theme.layout.header === 'plain'
        ? 'clamp(2rem, 6vw, 3rem)'
        : 'clamp(2.2rem, 7vw, 3.5rem)'};
  overflow-wrap: anywhere;
`;

const Ornament = styled.span`
  display: block;
  width: 96px;
  height: 2px;
  background: ${(p) => p.theme.primary.onHeader};
`;

const Bio = styled.p`
  max-width: 42rem;
  color: ${(p) => p.theme.palette.headerMuted};
  font-size: ${(p) => (p.theme.layout.header === 'plain' ? '1.05rem' : '1.15rem')};
  ${(p) => (p.theme.layout.header === 'crest' ? 'font-style: italic;' : '')}
`;

const Badges = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Badge = styled.li`
  padding: 0.3rem 0.75rem;
  border: 1px solid ${(p) => p.theme.primary.onHeader};
  color: ${(p) => p.theme.palette.headerText};
  font-size: 0.78rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.1em;
`;

/** Demos have no api behind them: their book buttons stay inert and say why. */
const DemoNote = styled.p`
  font-size: 0.9rem;
  color: ${(p) => p.theme.palette.headerMuted};
`;

export function ShopHeader({ view }: { view: ShopView }) {
  const theme = useTheme();
  const { shop } = view;
  const crest = theme.layout.header === 'crest';
  return (
    <Header>
      <Inner>
        {shop.logoUrl ? (
          <Logo src={shop.logoUrl} alt={`${shop.name} logo`} width={88} height={88} />
        ) : crest ? (
          <Monogram aria-hidden="true">{shop.name.charAt(0).toUpperCase()}</Monogram>
        ) : null}
        <Name>{shop.name}</Name>
        {crest ? <Ornament aria-hidden="true" /> : null}
        {shop.bio ? <Bio>{shop.bio}</Bio> : null}
        {theme.layout.features === 'badges' && shop.features.length > 0 ? (
          <Badges aria-label={theme.labels.featuresTitle}>
            {shop.features.map((feature) => (
              <Badge key={feature}>{feature}</Badge>
            ))}
          </Badges>
        ) : null}
        {view.urls.book && view.barbers.length === 0 ? (
          <DemoNote data-testid="bookings-open-soon">{BOOKINGS_OPEN_SOON}</DemoNote>
        ) : view.urls.book ? (
          <ActionLink href={view.urls.book} rel="external" $onHeader data-book-shop={shop.id}>
            {theme.labels.bookShop}
          </ActionLink>
        ) : (
          <>
            <ActionButton type="button" $onHeader data-book-shop={shop.id} aria-describedby="demo-note">
              {theme.labels.bookShop}
            </ActionButton>
            <DemoNote id="demo-note">Demo shop: booking is switched off in this preview.</DemoNote>
          </>
        )}
      </Inner>
    </Header>
  );
}
