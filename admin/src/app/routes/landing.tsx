import { LandingPage } from '../../features/landing/components/landing-page';
import { GlobalRedirects } from '../global-redirects';

export function LandingRoute() {
  return (
    <>
      <GlobalRedirects />
      <LandingPage />
    </>
  );
}
