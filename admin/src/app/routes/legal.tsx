import { LegalPage } from '../../features/legal';

export function TermsRoute() {
  return <LegalPage page="terms" />;
}

export function PrivacyRoute() {
  return <LegalPage page="privacy" />;
}
