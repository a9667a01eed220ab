import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { lazyPage, type LazyPageComponent } from './lazyPage';

// The spec's route table (§2). Each page is its own lazy chunk; swap a feature's page in by editing its line.
const LandingPage = lazyPage(() => import('../features/public-site/pages/LandingPage'));
// Most visitors arrive on /: its chunk starts loading while the store rehydrates, not after (landing LCP).
if (typeof window !== 'undefined' && window.location.pathname === '/') void LandingPage.preload().catch(() => undefined);
const LoginPage = lazyPage(() => import('../features/accounts/pages/LoginPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/accounts/pages/ForgotPasswordPage'));
const SubscriptionPlanPage = lazyPage(() => import('../features/billing/pages/SubscriptionPlanPage'));
const RequestDemoPage = lazyPage(() => import('../features/public-site/pages/RequestDemoPage'));
const NotFoundPage = lazyPage(() => import('../features/public-site/pages/NotFoundPage'));

const CardDetailsPage = lazyPage(() => import('../features/billing/pages/CardDetailsPage'));
const AboutUsPage = lazyPage(() => import('../features/public-site/pages/AboutUsPage'));
const PrivacyPolicyPage = lazyPage(() => import('../features/public-site/pages/PrivacyPolicyPage'));
const TermsConditionPage = lazyPage(() => import('../features/public-site/pages/TermsConditionPage'));
const ContactUsPage = lazyPage(() => import('../features/public-site/pages/ContactUsPage'));

const HomePage = lazyPage(() => import('./composed/HomeWithRecentReports')); // cma's start page + the report feature's recent reports
const ChangeDefaultValuesPage = lazyPage(() => import('../features/valuation-defaults/pages/ChangeDefaultValuesPage'));
const AdjustmentPage = lazyPage(() => import('../features/cma/pages/AdjustmentPage'));
const FaqsPage = lazyPage(() => import('../features/cma/pages/FaqsPage'));
const ReviewPage = lazyPage(() => import('../features/cma/pages/ReviewPage'));
const ReportPage = lazyPage(() => import('../features/report/pages/ReportPage'));
const EditProfilePage = lazyPage(() => import('./composed/EditProfileWithBilling')); // accounts page + billing's subscription section
const HistoryPage = lazyPage(() => import('./composed/HistoryWithReport')); // history's page + the report feature's open and duplicate
const ConfirmSubjectPage = lazyPage(() => import('../features/cma/pages/ConfirmSubjectPage'));
const ComparePage = lazyPage(() => import('../features/cma/pages/ComparePage'));
const AddOnComparablePage = lazyPage(() => import('../features/cma/pages/AddOnComparablePage'));

export interface AppRoute {
  path: string;
  Page: ComponentType;
}

/** Signed-in subscribed users are redirected from these to /home. */
export const publicRoutes: AppRoute[] = [
  { path: '/', Page: LandingPage },
  { path: '/login', Page: LoginPage },
  { path: '/forgot-password', Page: ForgotPasswordPage },
  { path: '/reset-password/:token', Page: ForgotPasswordPage },
  { path: '/subscription-plan', Page: SubscriptionPlanPage },
  { path: '/request-demo', Page: RequestDemoPage },
  { path: '*', Page: NotFoundPage }, // spec §2 lists the unknown-path fallback among the public routes
];

/** Open to everyone, signed in or not. */
export const alwaysOpenRoutes: AppRoute[] = [
  { path: '/card-details', Page: CardDetailsPage },
  { path: '/about-us', Page: AboutUsPage },
  { path: '/privacy-policy', Page: PrivacyPolicyPage },
  { path: '/terms-condition', Page: TermsConditionPage },
  { path: '/contact-us', Page: ContactUsPage },
];

/** Need a stored token and subscribed = 1; otherwise the user is sent to /. */
export const protectedRoutes: AppRoute[] = [
  { path: '/home', Page: HomePage },
  { path: '/change-default-values', Page: ChangeDefaultValuesPage },
  { path: '/adjustment', Page: AdjustmentPage },
  { path: '/faqs', Page: FaqsPage },
  { path: '/review', Page: ReviewPage },
  { path: '/report', Page: ReportPage },
  { path: '/edit-profile', Page: EditProfilePage },
  { path: '/confirm-subject', Page: ConfirmSubjectPage },
  { path: '/compare', Page: ComparePage },
  { path: '/addoncomparable', Page: AddOnComparablePage },
  { path: '/history', Page: HistoryPage }, // issue 18: the saved reports an agent works with (beyond spec §2's list)
];

/** Loads the chunk of the page at `pathname`, so the first render shows the page rather than a loader. */
export function preloadPageAt(pathname: string): Promise<void> {
  const route = [...publicRoutes, ...alwaysOpenRoutes, ...protectedRoutes].find((r) => matchPath(r.path, pathname));
  return (route?.Page as Partial<LazyPageComponent> | undefined)?.preload?.() ?? Promise.resolve();
}
