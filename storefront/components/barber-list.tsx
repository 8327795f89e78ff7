import { styled, useTheme } from 'styled-components';
import type { BarberView } from '../lib/shop-view';
import { ActionButton, ActionLink } from './buttons';
import { CardPortfolio } from './portfolio-gallery';
import { CardGrid, Empty } from './service-list';

const Card = styled.li`
  display: flex;
  flex-direction: column;
  align-items: ${(p) => (p.theme.layout.barberImage === 'circle' ? 'center' : 'flex-start')};
  text-align: ${(p) => (p.theme.layout.barberImage === 'circle' ? 'center' : 'left')};
  gap: 0.75rem;
  ${(p) => {
    const { palette, layout } = p.theme;
    if (layout.barberImage === 'none') return `padding: 1.5rem 0; border-bottom: 1px solid ${palette.border};`;
    return `background: ${palette.surface}; border: 1px solid ${palette.border}; border-radius: ${layout.radius}; padding: 1.5rem;`;
  }}
`;

const Photo = styled.img`
  width: ${(p) => (p.theme.layout.barberImage === 'circle' ? '120px' : '100%')};
  height: ${(p) => (p.theme.layout.barberImage === 'circle' ? '120px' : 'auto')};
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${(p) => (p.theme.layout.barberImage === 'circle' ? '50%' : '0')};
  background: ${(p) => p.theme.palette.surfaceAlt};
`;

/** No photo: the initials, in the theme's shape. */
const Placeholder = styled.span`
  display: grid;
  place-items: center;
  width: ${(p) => (p.theme.layout.barberImage === 'circle' ? '120px' : p.theme.layout.barberImage === 'none' ? '56px' : '100%')};
  aspect-ratio: 1;
  border-radius: ${(p) => (p.theme.layout.barberImage === 'square' ? '0' : '50%')};
  background: ${(p) => p.theme.palette.surfaceAlt};
  color: ${(p) => p.theme.palette.muted};
  font-family: ${(p) => p.theme.fonts.heading};
  font-size: ${(p) => (p.theme.layout.barberImage === 'none' ? '1.2rem' : '2.5rem')};
`;

const Name = styled.h3`
  font-size: 1.25rem;
  overflow-wrap: anywhere;
`;

const Bio = styled.p`
  color: ${(p) => p.theme.palette.muted};
  flex: 1 1 auto;
`;

const Instagram = styled.a`
  color: ${(p) => p.theme.palette.muted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.replace(/[^\p{L}\p{N}]/gu, '').charAt(0))
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/** `bookUrl`: the booking page ('/book'); null on demos, where the buttons stay inert. */
export function BarberList({ barbers, bookUrl }: { barbers: BarberView[]; bookUrl: string | null }) {
  const theme = useTheme();
  const { labels, layout } = theme;
  if (barbers.length === 0) return <Empty>{labels.noBarbers}</Empty>;
  return (
    <CardGrid $columns={layout.barberImage === 'none' ? 1 : layout.barberImage === 'circle' ? 3 : 2}>
      {barbers.map((barber) => {
        const action = labels.barberAction(barber.firstName);
        return (
          <Card key={barber.id} data-barber-id={barber.id}>
            {barber.imageUrl ? (
              <Photo src={barber.imageUrl} alt={barber.name} loading="lazy" width={240} height={240} />
            ) : (
              <Placeholder aria-hidden="true">{initials(barber.name)}</Placeholder>
            )}
            <Name>{barber.name}</Name>
            {barber.bio ? <Bio>{barber.bio}</Bio> : null}
            {barber.instagramHandle ? (
              <Instagram
                href={`https://www.instagram.com/${barber.instagramHandle}/`}
                rel="noopener noreferrer external"
                target="_blank"
              >
                @{barber.instagramHandle}
              </Instagram>
            ) : null}
            <CardPortfolio barber={barber} />
            {!bookUrl ? (
              <ActionButton
                type="button"
                $tone="outline"
                {...(labels.barberActionBooks
                  ? { 'data-book-barber': barber.id }
                  : { 'data-barber-profile': barber.id, 'aria-label': `${action}: ${barber.name}` })}
                aria-describedby="demo-note"
              >
                {action}
              </ActionButton>
            ) : labels.barberActionBooks ? (
              <ActionLink
                href={`${bookUrl}?barber=${encodeURIComponent(barber.id)}`}
                rel="external"
                $tone="outline"
                data-book-barber={barber.id}
              >
                {action}
              </ActionLink>
            ) : (
              // Minimalist's View Profile opens the booking page on this barber: their name and bio, their times.
              <ActionLink
                href={`${bookUrl}?barber=${encodeURIComponent(barber.id)}`}
                rel="external"
                $tone="outline"
                data-barber-profile={barber.id}
                aria-label={`${action}: ${barber.name}`}
              >
                {action}
              </ActionLink>
            )}
          </Card>
        );
      })}
    </CardGrid>
  );
}
