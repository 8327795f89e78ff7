import { DEFAULT_PRIMARY_COLOR } from '@barberly/common';
import type { ReactNode } from 'react';
import { styled, ThemeProvider } from 'styled-components';
import { withPrimaryColor } from '../themes';
import { ActionLink } from './buttons';
import { GlobalStyle } from './global-style';

const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 2rem 1.25rem;
`;

const Box = styled.div`
  max-width: 32rem;
  text-align: center;
  display: grid;
  gap: 1rem;
  justify-items: center;
  h1 { font-size: 2rem; font-weight: 500; }
`;

const Details = styled.p`
  color: ${(p) => p.theme.palette.muted};
  font-size: 0.95rem;
`;

/**
 * The spec's full-page states (Shop Not Found, No Shop Data, Page Not Found): title, message, details, Go Home.
 * Drawn in the quiet minimalist palette with the product's default colour: the shop's own theme is unknown here.
 */
const Notice = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid ${(p) => p.theme.palette.border};
  border-left: 4px solid ${(p) => p.theme.palette.danger};
  text-align: left;
  strong { display: block; }
`;

export function StatusScreen(props: {
  title: string;
  message: string;
  details?: ReactNode;
  notice?: { title: string; text: string };
  homeUrl: string;
}) {
  const theme = withPrimaryColor('minimalist', DEFAULT_PRIMARY_COLOR, null);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <Screen>
        <Box>
          <h1>{props.title}</h1>
          <p>{props.message}</p>
          {props.notice ? (
            <Notice role="alert">
              <strong>{props.notice.title}</strong>
              {props.notice.text}
            </Notice>
          ) : null}
          {props.details ? <Details>{props.details}</Details> : null}
          <ActionLink href={props.homeUrl} rel="external" $tone="solid">
            Go Home
          </ActionLink>
        </Box>
      </Screen>
    </ThemeProvider>
  );
}
