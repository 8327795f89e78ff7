import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../lib/routes';
import { NAV_LINKS, SECTIONS } from '../lib/sections';
import { onAnchorClick } from './site-header';

const FOOTER_LINKS = [
  ...NAV_LINKS,
  { id: SECTIONS.showcase, label: 'Templates' },
  { id: SECTIONS.demo, label: 'Request a Demo' },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-white/10 bg-neutral-950 py-12">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm text-neutral-400">
            Booking, websites and an AI assistant for barbershops that would rather be cutting hair.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm sm:grid-cols-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={onAnchorClick(link.id)}
                  className="text-neutral-400 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-10 flex max-w-7xl flex-wrap gap-x-4 gap-y-1 px-4 text-xs text-neutral-400 sm:px-6 lg:px-8">
        <span>© {new Date().getFullYear()} Barberly. All rights reserved.</span>
        <a href={paths.terms} className="underline hover:text-white">
          Terms of Service
        </a>
        <a href={paths.privacy} className="underline hover:text-white">
          Privacy Policy
        </a>
      </p>
    </footer>
  );
}
