import { defaultHours, type Theme, type User } from '@barberly/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useAuth, userQueryKey } from '../../../lib/auth';
import { loadConfig } from '../../../lib/config';
import { launchedState, paths, stayOnLanding } from '../../../lib/routes';
import { browserTimeZone } from '../../../lib/time-zones';
import { onboardingApi } from '../api/onboarding-api';
import { browserDisplayDefaults } from '../lib/browser-locale';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft';
import { LaunchError, launchShop, type WizardData } from '../lib/launch';
import {
  joinedShopToast,
  LAUNCH_DURATIONS,
  launchSuccessToast,
  roleFailedToast,
  roleUpdatedToast,
  shopCreatedToast,
  shopCreateFailedToast,
} from '../lib/messages';
import { BarberJoinStep } from './barber-join-step';
import { DetailsStep } from './details-step';
import { HoursStep } from './hours-step';
import { PENDING_INVITE_KEY } from './invite-page';
import { ReviewStep } from './review-step';
import { RoleStep } from './role-step';
import { ServicesStep } from './services-step';
import { TemplateStep } from './template-step';
import { OWNER_STEPS, type OwnerStep, StepIndicator } from './wizard-layout';

type Step = 'role' | 'barber' | OwnerStep;

/** Spec 2: a user who already has a role is placed in the matching step. */
export function initialStep(user: Pick<User, 'role'>): Step {
  if (user.role === 'owner') return 'template';
  if (user.role === 'barber') return 'barber';
  return 'role';
}

const EMPTY_DATA = (user?: Pick<User, 'firstName' | 'lastName'>): WizardData => ({
  theme: 'classic',
  details: { name: '', slug: '', bio: '', address: '', phoneNumber: '' },
  hours: defaultHours(),
  timeZone: browserTimeZone(),
  ...browserDisplayDefaults(),
  services: [],
  ownerBarber: { cutsHair: null, name: [user?.firstName, user?.lastName].filter(Boolean).join(' ') },
});

export function OnboardingPage({ user }: { user: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch } = useAuth();
  // An owner who reloads mid-wizard comes back to the same step with the same answers.
  const [draft] = useState(() =>
    user.role === 'owner' ? loadDraft<OwnerStep>(window.localStorage, user.id, OWNER_STEPS) : null,
  );
  const [step, setStep] = useState<Step>(() => draft?.step ?? initialStep(user));
  const [data, setData] = useState<WizardData>(() => draft?.data ?? EMPTY_DATA(user));
  const [pendingRole, setPendingRole] = useState<'owner' | 'barber' | null>(null);
  const [launching, setLaunching] = useState(false);
  const [slugError, setSlugError] = useState<string | undefined>();
  const config = useQuery({ queryKey: ['/api/config'], queryFn: loadConfig });
  // Where the shop's site will live, as people type it: 'localhost:3000' in development, 'barberly.com' live.
  const port = window.location.port ? `:${window.location.port}` : '';
  const appDomain = `${config.data?.appDomain ?? window.location.hostname}${port}`;

  // Someone who opened a barber invite link signed out comes back to it once signed in.
  useEffect(() => {
    const invite = window.sessionStorage.getItem(PENDING_INVITE_KEY);
    if (invite) navigate(`/join/${encodeURIComponent(invite)}`, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if ((OWNER_STEPS as readonly string[]).includes(step)) {
      saveDraft(window.localStorage, { userId: user.id, step: step as OwnerStep, data });
    }
  }, [step, data, user.id]);

  // Each step starts at the top of the page (the previous one may have been scrolled on a phone).
  useEffect(() => {
    if (step) document.querySelector('main')?.scrollIntoView?.({ block: 'start' });
  }, [step]);

  const chooseRole = async (role: 'owner' | 'barber') => {
    setPendingRole(role);
    try {
      await onboardingApi.setRole(role);
      await refetch();
      showToast(roleUpdatedToast);
      setStep(role === 'owner' ? 'template' : 'barber');
    } catch (error) {
      console.error('Setting the role failed', error);
      showToast(roleFailedToast);
    } finally {
      setPendingRole(null);
    }
  };

  const launch = async () => {
    setLaunching(true);
    try {
      const result = await launchShop(data, {
        api: onboardingApi,
        storage: window.localStorage,
        onShopCreated: () => showToast(shopCreatedToast),
      });
      clearDraft(window.localStorage);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      showToast(launchSuccessToast(result.target.url), { durationMs: LAUNCH_DURATIONS.successMs });
      // Issue 28: the launch ends on the owner's dashboard (the public site has no way back), which says the shop is
      // live and links to it.
      navigate(paths.ownerDashboard(result.shop.slug), {
        replace: true,
        state: launchedState(result.target.url),
      });
    } catch (error) {
      setLaunching(false);
      if (error instanceof LaunchError && error.step === 'role') {
        console.error('Setting the owner role failed', error.cause);
        showToast(roleFailedToast);
        return;
      }
      const cause = error instanceof LaunchError ? error.cause : error;
      console.error('Failed to create shop', cause);
      showToast(shopCreateFailedToast(cause));
      if (cause instanceof ApiError && cause.fields?.slug) {
        // Taken since the check (or reserved): back to the details with the reason on the slug.
        setSlugError(cause.fields.slug);
        await queryClient.invalidateQueries({ queryKey: ['/api/shops/slug-available'] });
        setStep('details');
      }
    }
  };

  if (step === 'role') return <RoleStep pending={pendingRole} onChoose={chooseRole} />;
  if (step === 'barber') {
    return (
      <BarberJoinStep
        onBack={() => setStep('role')}
        join={onboardingApi.joinShop}
        onJoined={async ({ shop }) => {
          showToast(joinedShopToast(shop.name));
          // The user is now a barber of that shop (shopSlug set): refresh it before the dashboard's guard reads it.
          await refetch();
          navigate(paths.barberDashboard(shop.slug));
        }}
      />
    );
  }

  const update = (patch: Partial<WizardData>) => setData((current) => ({ ...current, ...patch }));
  return (
    <div className="mx-auto max-w-4xl">
      <StepIndicator current={step} />
      {step === 'template' ? (
        <TemplateStep
          value={data.theme}
          onChange={(theme: Theme) => update({ theme })}
          onBack={() => navigate(paths.home, { state: stayOnLanding })}
          onNext={() => setStep('details')}
        />
      ) : null}
      {step === 'details' ? (
        <DetailsStep
          value={data.details}
          appDomain={appDomain}
          slugError={slugError}
          onChange={(details) => update({ details })}
          onBack={(details) => {
            update({ details });
            setStep('template');
          }}
          onNext={(details) => {
            update({ details });
            setSlugError(undefined);
            setStep('hours');
          }}
        />
      ) : null}
      {step === 'hours' ? (
        <HoursStep
          value={data.hours}
          timeZone={data.timeZone}
          onTimeZoneChange={(timeZone) => update({ timeZone })}
          display={{ currency: data.currency, locale: data.locale, clock: data.clock }}
          onDisplayChange={update}
          onChange={(hours) => update({ hours })}
          onBack={(hours) => {
            update({ hours });
            setStep('details');
          }}
          onNext={(hours) => {
            update({ hours });
            setStep('services');
          }}
        />
      ) : null}
      {step === 'services' ? (
        <ServicesStep
          value={data.services}
          money={data}
          ownerBarber={data.ownerBarber}
          onOwnerBarberChange={(ownerBarber) => update({ ownerBarber })}
          onChange={(services) => update({ services })}
          onBack={(services) => {
            update({ services });
            setStep('hours');
          }}
          onNext={(services) => {
            update({ services });
            setStep('review');
          }}
        />
      ) : null}
      {step === 'review' ? (
        <ReviewStep
          data={data}
          appDomain={appDomain}
          launching={launching}
          onBack={() => setStep('services')}
          onEdit={setStep}
          onLaunch={() => void launch()}
        />
      ) : null}
    </div>
  );
}
