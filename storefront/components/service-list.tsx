import { type DisplaySettings, formatDuration, formatPrice, packageSavingNote, packageSavings } from '@barberly/common';
import { styled, useTheme } from 'styled-components';
import type { ServiceView } from '../lib/shop-view';
import { ActionButton, ActionLink } from './buttons';

export const CardGrid = styled.ul<{ $columns: 1 | 2 | 3 }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${(p) => (p.theme.layout.serviceCard === 'rule' ? '0' : '1rem')};
  grid-template-columns: 1fr;
  @media (min-width: 720px) {
    grid-template-columns: repeat(${(p) => Math.min(p.$columns, 2)}, minmax(0, 1fr));
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(${(p) => p.$columns}, minmax(0, 1fr));
  }
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  ${(p) => {
    const { palette, layout, primary } = p.theme;
    switch (layout.serviceCard) {
      case 'bordered':
        return `background: ${palette.surface}; border: 1px solid ${palette.border}; border-radius: ${layout.radius}; padding: 1.25rem 1.25rem 1.4rem; box-shadow: 0 1px 0 ${palette.border};`;
      case 'filled':
        return `background: ${palette.surface}; border-left: 5px solid ${primary.base}; padding: 1.4rem 1.25rem;`;
      default:
        return `padding: 1.5rem 0; border-bottom: 1px solid ${palette.border};`;
    }
  }}
`;

const TitleRow = styled.div`
  display: flex;
  align-items: baseline;
  gap: 0.75rem;
`;

const Name = styled.h3`
  font-size: ${(p) => (p.theme.layout.serviceCard === 'filled' ? '1.35rem' : '1.2rem')};
  overflow-wrap: anywhere;
`;

/** Classic's menu-board dots between the name and the price. */
const Leader = styled.span`
  flex: 1 1 auto;
  min-width: 1rem;
  border-bottom: ${(p) => (p.theme.layout.serviceCard === 'bordered' ? `2px dotted ${p.theme.palette.border}` : '0')};
  transform: translateY(-0.3em);
`;

const Price = styled.span`
  font-weight: 700;
  font-size: ${(p) => (p.theme.layout.serviceCard === 'filled' ? '1.6rem' : '1.15rem')};
  color: ${(p) => (p.theme.layout.serviceCard === 'rule' ? p.theme.palette.text : p.theme.primary.onBackground)};
  white-space: nowrap;
`;

const Description = styled.p`
  color: ${(p) => p.theme.palette.muted};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-top: auto;
`;

const Duration = styled.span`
  color: ${(p) => p.theme.palette.muted};
  font-size: 0.9rem;
  ${(p) =>
    p.theme.layout.serviceCard === 'filled'
      ? `padding: 0.15rem 0.6rem; background: ${p.theme.palette.surfaceAlt}; text-transform: uppercase; letter-spacing: 0.08em; font-size: 0.8rem;`
      : ''}
`;

export const Empty = styled.p`
  padding: 2rem 0;
  color: ${(p) => p.theme.palette.muted};
  text-align: center;
`;

/** A package's saving against its parts booked apart: bold, in the page's text colour (readable in every theme). */
const Saving = styled.p`
  margin: 0.5rem 0 0;
  font-size: 0.9rem;
  font-weight: 700;
  color: ${(p) => p.theme.palette.text};
`;

/** `bookUrl`: the booking page ('/book'); null on demos, where the buttons stay inert. */
export function ServiceList({
  services,
  bookUrl,
  display,
}: {
  services: ServiceView[];
  bookUrl: string | null;
  /** The shop's currency and locale. */
  display: DisplaySettings;
}) {
  const theme = useTheme();
  const { labels } = theme;
  if (services.length === 0) return <Empty>{labels.noServices}</Empty>;
  // Packages cheaper than their parts booked apart say so (issue 28).
  const savings = packageSavings(services);
  return (
    <CardGrid $columns={theme.layout.serviceColumns}>
      {services.map((service) => {
        const name = service.name || labels.untitledService || '';
        const description = service.description || labels.noDescription || '';
        const minutes = service.durationMinutes ?? labels.defaultDurationMinutes;
        return (
          <Card key={service.id} data-service-id={service.id}>
            <TitleRow>
              <Name>{name}</Name>
              <Leader aria-hidden="true" />
              <Price>{formatPrice(service.price, display)}</Price>
            </TitleRow>
            {description ? <Description>{description}</Description> : null}
            {savings.has(service.id) ? (
              <Saving data-package-saving="">
                {packageSavingNote(savings.get(service.id)!, (n) => formatPrice(n, display))}
              </Saving>
            ) : null}
            <Meta>
              {minutes ? <Duration>{formatDuration(minutes)}</Duration> : <span />}
              {bookUrl ? (
                <ActionLink
                  href={`${bookUrl}?service=${encodeURIComponent(service.id)}`}
                  rel="external"
                  $tone={theme.layout.serviceCard === 'filled' ? 'solid' : 'outline'}
                  data-book-service={service.id}
                  aria-label={`${labels.bookService}: ${name}`}
                >
                  {labels.bookService}
                </ActionLink>
              ) : (
                <ActionButton
                  type="button"
                  $tone={theme.layout.serviceCard === 'filled' ? 'solid' : 'outline'}
                  data-book-service={service.id}
                  aria-label={`${labels.bookService}: ${name}`}
                  aria-describedby="demo-note"
                >
                  {labels.bookService}
                </ActionButton>
              )}
            </Meta>
          </Card>
        );
      })}
    </CardGrid>
  );
}
