import { createGlobalStyle } from 'styled-components';

/** Page-wide: background, type and the primary colour as a custom property for anything outside a component. */
export const GlobalStyle = createGlobalStyle`
  :root {
    --primary: ${(p) => p.theme.primary.base};
    --on-primary: ${(p) => p.theme.primary.contrast};
    color-scheme: ${(p) => (p.theme.name === 'urban' ? 'dark' : 'light')};
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    background: ${(p) => p.theme.palette.background};
    color: ${(p) => p.theme.palette.text};
    font-family: ${(p) => p.theme.bodyFont};
    font-size: 16px;
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3 {
    font-family: ${(p) => p.theme.fonts.heading};
    font-weight: ${(p) => p.theme.fonts.headingWeight};
    text-transform: ${(p) => p.theme.fonts.headingTransform};
    letter-spacing: ${(p) => p.theme.fonts.headingLetterSpacing};
    line-height: 1.15;
    margin: 0;
  }
  p { margin: 0; }
  a { color: ${(p) => p.theme.primary.onBackground}; }
  img { max-width: 100%; display: block; }
  :focus-visible { outline: 3px solid ${(p) => p.theme.primary.onBackground}; outline-offset: 2px; }
  #sf-loading {
    position: fixed; inset: 0 0 auto; z-index: 10; padding: 0.6rem 1rem; text-align: center;
    background: ${(p) => p.theme.primary.base}; color: ${(p) => p.theme.primary.contrast};
  }
`;
