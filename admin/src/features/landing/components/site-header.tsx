import { ROLE_LABELS } from '@barberly/common';
import { LayoutDashboard, LogOut, Menu as MenuIcon, X } from 'lucide-react';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Logo } from '../../../components/ui/logo';
import { Menu } from '../../../components/ui/menu';
import { useAuth, useUser } from '../../../lib/auth';
import { loginModal } from '../../../lib/login-modal';
import { dashboardButtonTarget } from '../../../lib/routing-rules';
import { scrollToSection, useScrolledPast } from '../lib/motion';
import { NAV_LINKS } from '../lib/sections';

function initials(label: string): string {
  const parts = label.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

export function onAnchorClick(id: string, after?: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    after?.();
    scrollToSection(id);
  };
}

/** Who is signed in, as the header shows them: name or e-mail, role label, avatar. */
function useAccount() {
  const { user, isLoading, status } = useUser();
  const { session } = useAuth();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const email = user?.email ?? session?.user.email ?? '';
  return {
    isLoading,
    signedIn: status === 'signedIn',
    user,
    displayName: name || email,
    email,
    roleLabel: ROLE_LABELS[user?.role ?? 'client'],
    avatarUrl: user?.profileImageUrl || null,
  };
}

function Avatar({ label, url, size = 'md' }: { label: string; url: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-10' : 'size-9';
  if (url) return <img src={url} alt="" className={cn(box, 'rounded-full object-cover ring-2 ring-white/20')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(box, 'grid place-items-center rounded-full bg-amber-500 text-sm font-bold text-neutral-950')}
    >
      {initials(label)}
    </span>
  );
}

export function SiteHeader() {
  const scrolled = useScrolledPast();
  const account = useAccount();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileId = useId();

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const goToDashboard = () => {
    if (account.user) navigate(dashboardButtonTarget(account.user));
  };
  const closeMobile = () => setMobileOpen(false);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,backdrop-filter,border-color] duration-300 motion-reduce:transition-none',
        mobileOpen
          ? 'border-b border-white/10 bg-neutral-950'
          : scrolled
            ? 'border-b border-white/10 bg-neutral-950/85 backdrop-blur-md'
            : 'border-b border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault();
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          aria-label="Barberly home"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-400"
        >
          <Logo />
        </a>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={onAnchorClick(link.id)}
                  className="rounded-md px-3 py-2 text-sm font-medium text-neutral-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {account.isLoading ? (
            <span
              role="status"
              aria-label="Loading your account"
              className="size-9 animate-pulse rounded-full bg-white/15 motion-reduce:animate-none"
            />
          ) : account.signedIn ? (
            <Menu
              triggerLabel="Account menu"
              trigger={<Avatar label={account.displayName} url={account.avatarUrl} />}
              header={
                <div className="flex items-center gap-3">
                  <Avatar label={account.displayName} url={account.avatarUrl} size="lg" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-white">{account.displayName}</p>
                    <p className="text-xs text-amber-400">{account.roleLabel}</p>
                  </div>
                </div>
              }
              items={[
                {
                  label: 'Dashboard',
                  icon: <LayoutDashboard aria-hidden="true" className="size-4" />,
                  onSelect: goToDashboard,
                },
                {
                  label: 'Log out',
                  icon: <LogOut aria-hidden="true" className="size-4" />,
                  onSelect: () => void logout(),
                },
              ]}
            />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Button
                variant="ghost"
                size="sm"
                onPointerEnter={loginModal.preload}
                onFocus={loginModal.preload}
                onClick={() => loginModal.open('signin')}
              >
                Log in
              </Button>
              <Button
                size="sm"
                onPointerEnter={loginModal.preload}
                onFocus={loginModal.preload}
                onClick={() => loginModal.open('register')}
              >
                Sign up
              </Button>
            </div>
          )}
          <button
            type="button"
            className="grid size-10 place-items-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-400 md:hidden"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <MenuIcon aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>

      {mobileOpen ? (
        <nav id={mobileId} aria-label="Mobile" className="border-t border-white/10 px-4 pt-2 pb-6 md:hidden">
          <ul className="flex flex-col">
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={onAnchorClick(link.id, closeMobile)}
                  className="block rounded-md px-3 py-3 text-base font-medium text-neutral-200 hover:bg-white/10"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-2">
            {account.signedIn ? (
              <>
                <Button
                  size="lg"
                  onClick={() => {
                    closeMobile();
                    goToDashboard();
                  }}
                  disabled={!account.user}
                >
                  <LayoutDashboard aria-hidden="true" className="size-4" /> Dashboard
                </Button>
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => {
                    closeMobile();
                    void logout();
                  }}
                >
                  <LogOut aria-hidden="true" className="size-4" /> Log out
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="lg"
                  disabled={account.isLoading}
                  onClick={() => {
                    closeMobile();
                    loginModal.open('register');
                  }}
                >
                  Sign up
                </Button>
                <Button
                  variant="outline"
                  size="lg"
                  disabled={account.isLoading}
                  onClick={() => {
                    closeMobile();
                    loginModal.open('signin');
                  }}
                >
                  Sign in
                </Button>
              </>
            )}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
