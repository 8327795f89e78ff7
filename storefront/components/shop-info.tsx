import { formatWallTime } from '@barberly/common';
import { styled, useTheme } from 'styled-components';
import type { ShopView } from '../lib/shop-view';
import { ActionLink } from './buttons';

export const Panel = styled.section`
  ${(p) => {
    const { palette, layout } = p.theme;
    switch (layout.serviceCard) {
      case 'bordered':
        return `background: ${palette.surface}; border: 1px solid ${palette.border}; border-radius: ${layout.radius}; padding: 1.5rem;`;
      case 'filled':
        return `background: ${palette.surface}; padding: 1.75rem 1.5rem; border-top: 3px solid ${p.theme.primary.base};`;
      default:
        return 'padding: 0.5rem 0;';
    }
  }}
`;

export const PanelTitle = styled.h2`
  font-size: ${(p) => (p.theme.layout.serviceCard === 'rule' ? '1.5rem' : '1.3rem')};
  margin-bottom: 1rem;
  ${(p) =>
    p.theme.layout.serviceCard === 'bordered'
      ? `padding-bottom: 0.6rem; border-bottom: 1px solid ${p.theme.palette.border};`
      : ''}
`;

const HoursTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: 0.4rem 0; text-align: left; font-weight: 400; }
  td { text-align: right; }
  tr + tr th, tr + tr td { border-top: 1px solid ${(p) => p.theme.palette.border}; }
  th { color: ${(p) => p.theme.palette.text}; }
  td[data-closed='true'] { color: ${(p) => p.theme.palette.muted}; }
`;

/** Issue 25: the next 14 days' closures and other hours, under the week. */
const SpecialDays = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0.75rem 0 0;
  border-top: 1px solid ${(p) => p.theme.palette.border};
  display: grid;
  gap: 0.4rem;
  li { font-weight: 600; color: ${(p) => p.theme.palette.text}; }
`;

export function HoursPanel({ view }: { view: ShopView }) {
  const theme = useTheme();
  if (view.hours.length === 0) return null;
  return (
    <Panel aria-labelledby="hours-title">
      <PanelTitle id="hours-title">{theme.labels.hoursTitle}</PanelTitle>
      <HoursTable>
        <tbody>
          {view.hours.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.label}</th>
              <td data-closed={day.closed}>
                {day.closed
                  ? theme.labels.closed
                  : `${formatWallTime(day.open, view.display)} - ${formatWallTime(day.close, view.display)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </HoursTable>
      {view.specialDays.length > 0 ? (
        <SpecialDays aria-label="Special days">
          {view.specialDays.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </SpecialDays>
      ) : null}
    </Panel>
  );
}

const ContactList = styled.dl`
  margin: 0 0 1.25rem;
  display: grid;
  gap: 0.75rem;
  dt { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.08em; color: ${(p) => p.theme.palette.muted}; }
  dd { margin: 0.1rem 0 0; overflow-wrap: anywhere; }
`;

export function ContactPanel({ view }: { view: ShopView }) {
  const { labels } = useTheme();
  const { shop } = view;
  if (!shop.address && !shop.phone) return null;
  return (
    <Panel aria-labelledby="contact-title">
      <PanelTitle id="contact-title">{labels.contactTitle}</PanelTitle>
      <ContactList>
        {shop.address ? (
          <div>
            <dt>{labels.addressLabel}</dt>
            <dd>
              <address style={{ fontStyle: 'normal' }}>{shop.address}</address>
            </dd>
          </div>
        ) : null}
        {shop.phone ? (
          <div>
            <dt>{labels.phoneLabel}</dt>
            <dd>{shop.phoneHref ? <a href={shop.phoneHref}>{shop.phone}</a> : shop.phone}</dd>
          </div>
        ) : null}
      </ContactList>
      {shop.directionsUrl ? (
        <ActionLink href={shop.directionsUrl} target="_blank" rel="noopener noreferrer" $tone="outline">
          {labels.directions}
        </ActionLink>
      ) : null}
    </Panel>
  );
}

const FeatureList = styled.ul<{ $grid: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${(p) => (p.$grid ? '0' : '0.6rem')};
  ${(p) => (p.$grid ? '@media (min-width: 720px) { grid-template-columns: repeat(2, minmax(0, 1fr)); column-gap: 2rem; }' : '')}
  li {
    display: flex;
    gap: 0.6rem;
    align-items: baseline;
    ${(p) => (p.$grid ? `padding: 0.9rem 0; border-bottom: 1px solid ${p.theme.palette.border};` : '')}
  }
  li::before {
    content: '';
    flex: 0 0 auto;
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: ${(p) => p.theme.primary.onBackground};
    transform: translateY(-0.1em);
  }
`;

/** Classic: a Features card in the sidebar. Minimalist: a 'What We Offer' section. Urban shows header badges. */
export function FeaturesPanel({ view }: { view: ShopView }) {
  const theme = useTheme();
  if (view.shop.features.length === 0 || theme.layout.features === 'badges') return null;
  return (
    <Panel aria-labelledby="features-title">
      <PanelTitle id="features-title">{theme.labels.featuresTitle}</PanelTitle>
      <FeatureList $grid={theme.layout.features === 'section'}>
        {view.shop.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </FeatureList>
    </Panel>
  );
}

const VisitSection = styled.section`
  padding: 3rem 1.5rem;
  text-align: center;
  background: ${(p) => p.theme.palette.surfaceAlt};
  display: grid;
  justify-items: center;
  gap: 1rem;
`;

/** Minimalist only: 'Visit Us' with Call Now. */
export function VisitUs({ view }: { view: ShopView }) {
  const { labels } = useTheme();
  if (!labels.visitUs) return null;
  return (
    <VisitSection aria-labelledby="visit-title">
      <PanelTitle id="visit-title" style={{ marginBottom: 0 }}>
        {labels.visitUs.title}
      </PanelTitle>
      <p>{labels.visitUs.text}</p>
      {view.shop.address ? <p>{view.shop.address}</p> : null}
      {view.shop.phoneHref ? (
        <ActionLink href={view.shop.phoneHref} $tone="solid" data-call-now="">
          {labels.visitUs.callNow}
        </ActionLink>
      ) : null}
    </VisitSection>
  );
}
