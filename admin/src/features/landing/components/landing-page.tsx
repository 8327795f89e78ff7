import { DemoSection } from './demo-section';
import { Features } from './features';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Pricing } from './pricing';
import { Showcase } from './showcase';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { Testimonials } from './testimonials';

export function LandingPage() {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-amber-500 px-4 py-2 font-semibold text-neutral-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="overflow-x-clip">
        <Hero />
        <HowItWorks />
        <Showcase />
        <Features />
        <Pricing />
        <Testimonials />
        <DemoSection />
      </main>
      <SiteFooter />
    </>
  );
}
