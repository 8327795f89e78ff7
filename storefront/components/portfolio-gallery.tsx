import { styled } from 'styled-components';
import type { BarberView, PortfolioImageView } from '../lib/shop-view';

/**
 * Barbers' portfolios (issue 26 item 3): a few photos on each barber's card and every photo in the gallery below.
 * Each is a <picture> (AVIF, then WebP) with srcset and sizes so a phone takes the 320- or 640-wide file, loaded
 * lazily (nothing below the fold costs the page's first bytes), with the caption as its alt text and schema.org
 * ImageObject microdata.
 */

const srcset = (files: PortfolioImageView['webp']) => files.map((f) => `${f.url} ${f.width}w`).join(', ');

/** The alt text: the caption; without one, whose work it is. */
export const altOf = (image: PortfolioImageView, barber: BarberView) => image.caption || `Haircut by ${barber.name}`;

export function PortfolioPicture({
  image,
  barber,
  sizes,
  withMicrodata = false,
}: {
  image: PortfolioImageView;
  barber: BarberView;
  sizes: string;
  withMicrodata?: boolean;
}) {
  const fallback = image.webp.find((f) => f.width >= 640) ?? image.webp[image.webp.length - 1];
  return (
    <picture>
      {image.avif.length ? <source type="image/avif" srcSet={srcset(image.avif)} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={srcset(image.webp)} sizes={sizes} />
      <Img
        src={fallback?.url}
        alt={altOf(image, barber)}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        {...(withMicrodata ? { itemProp: 'contentUrl' } : {})}
      />
    </picture>
  );
}

const Img = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${(p) => (p.theme.layout.barberImage === 'square' ? '0' : '6px')};
  background: ${(p) => p.theme.palette.surfaceAlt};
`;

const Strip = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.375rem;
  width: 100%;
`;

/** On the card: the barber's first three photos. */
export function CardPortfolio({ barber }: { barber: BarberView }) {
  if ((barber.portfolio ?? []).length === 0) return null;
  return (
    <Strip aria-label={`Work by ${barber.name}`}>
      {(barber.portfolio ?? []).slice(0, 3).map((image) => (
        <li key={image.id}>
          <PortfolioPicture image={image} barber={barber} sizes="(min-width: 720px) 120px, 30vw" />
        </li>
      ))}
    </Strip>
  );
}

const Section = styled.section`
  margin-top: 2.5rem;
  display: grid;
  gap: 1.5rem;
`;

const Heading = styled.h3`
  font-family: ${(p) => p.theme.fonts.heading};
  font-size: 1.5rem;
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.75rem;
  @media (min-width: 720px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 0.375rem;
  figcaption {
    font-size: 0.875rem;
    color: ${(p) => p.theme.palette.muted};
    overflow-wrap: anywhere;
  }
`;

/** The gallery: every barber's photos, by barber. Absent when nobody has any. */
export function PortfolioGallery({ barbers }: { barbers: BarberView[] }) {
  const withWork = barbers.filter((b) => (b.portfolio ?? []).length > 0);
  if (withWork.length === 0) return null;
  return (
    <Section aria-labelledby="portfolio-gallery" data-portfolio-gallery="">
      <Heading id="portfolio-gallery">Our work</Heading>
      {withWork.map((barber) => (
        <div key={barber.id}>
          <h4>{barber.name}</h4>
          <Grid aria-label={`${barber.name}'s portfolio`}>
            {(barber.portfolio ?? []).map((image) => (
              <li key={image.id}>
                <Figure itemScope itemType="https://schema.org/ImageObject">
                  <PortfolioPicture
                    image={image}
                    barber={barber}
                    sizes="(min-width: 720px) 300px, 50vw"
                    withMicrodata
                  />
                  <meta itemProp="creator" content={barber.name} />
                  {image.caption ? <figcaption itemProp="caption">{image.caption}</figcaption> : null}
                </Figure>
              </li>
            ))}
          </Grid>
        </div>
      ))}
    </Section>
  );
}
