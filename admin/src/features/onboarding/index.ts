export { InvitePage, PENDING_INVITE_KEY } from './components/invite-page';
export { OnboardingPage } from './components/onboarding-page';
