import { styled, ThemeProvider } from 'styled-components';
import type { ShopView } from '../lib/shop-view';
import { withPrimaryColor } from '../themes';
import { BarberList } from './barber-list';
import { GlobalStyle } from './global-style';
import { PortfolioGallery } from './portfolio-gallery';
import { ServiceList } from './service-list';
import { ShopFooter } from './shop-footer';
import { ShopHeader } from './shop-header';
import { ContactPanel, FeaturesPanel, HoursPanel, VisitUs } from './shop-info';
import { Tabs } from './tabs';
import { VersionSection } from './version-section';

const Main = styled.main`
  max-width: ${(p) => p.theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2.5rem 1.25rem 0;
  display: grid;
  gap: 2.5rem;
  grid-template-columns: minmax(0, 1fr);
  ${(p) =>
    p.theme.layout.aside === 'sidebar'
      ? '@media (min-width: 960px) { grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); align-items: start; }'
      : ''}
`;

const Aside = styled.div`
  display: grid;
  gap: 1.5rem;
  ${(p) =>
    p.theme.layout.aside === 'below'
      ? '@media (min-width: 720px) { grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }'
      : ''}
`;

/** One shop's public page; the theme decides labels, look and where each section goes. */
export function ShopPage({ view }: { view: ShopView }) {
  const theme = withPrimaryColor(view.theme, view.primaryColor, view.font);
  const tabs = [
    {
      key: 'services',
      label: theme.labels.servicesTab,
      content: (
        <VersionSection name="services">
          <ServiceList services={view.services} bookUrl={view.urls.book} display={view.display} />
        </VersionSection>
      ),
    },
    {
      key: 'barbers',
      label: theme.labels.barbersTab,
      content: (
        <VersionSection name="barbers">
          <BarberList barbers={view.barbers} bookUrl={view.urls.book} />
          <PortfolioGallery barbers={view.barbers} />
        </VersionSection>
      ),
    },
  ];
  return (
    <ThemeProvider theme={theme}>
      <VersionSection name="global">
        <GlobalStyle />
      </VersionSection>
      <div data-theme={theme.name} data-shop={view.shop.slug}>
        <VersionSection name="header">
          <ShopHeader view={view} />
        </VersionSection>
        <Main>
          <div>
            <Tabs items={tabs} label={`${view.shop.name}: ${theme.labels.servicesTab} / ${theme.labels.barbersTab}`} />
          </div>
          {theme.layout.features === 'section' ? (
            <VersionSection name="features">
              <FeaturesPanel view={view} />
            </VersionSection>
          ) : null}
          <Aside>
            <VersionSection name="hours">
              <HoursPanel view={view} />
            </VersionSection>
            <VersionSection name="contact">
              <ContactPanel view={view} />
            </VersionSection>
            {theme.layout.features === 'card' ? (
              <VersionSection name="features">
                <FeaturesPanel view={view} />
              </VersionSection>
            ) : null}
          </Aside>
        </Main>
        {theme.labels.visitUs ? (
          <div style={{ marginTop: '3rem' }}>
            <VersionSection name="visit">
              <VisitUs view={view} />
            </VersionSection>
          </div>
        ) : null}
        <VersionSection name="footer">
          <ShopFooter view={view} />
        </VersionSection>
      </div>
    </ThemeProvider>
  );
}
