import { lazy } from 'react';
import type { ReactElement } from 'react';
import { storefrontPaths, type RouteObject, type StorefrontPath } from '@mechabrim/routing';
import { NotFoundPage } from '@mechabrim/ui';
// The pages people land on (home, the catalogue, a book) are in the storefront's first chunk, so their
// first render needs no further request; the other screens load when first visited.
import { HomeRoute } from './home-route';
import { BookPage } from '../features/book';
import { CataloguePage } from '../features/catalogue';

const AuthorsPage = lazy(() =>
  import('../features/authors').then((m) => ({ default: m.AuthorsPage })),
);
const AuthorPage = lazy(() =>
  import('../features/authors').then((m) => ({ default: m.AuthorPage })),
);
const CategoryPage = lazy(() =>
  import('../features/category').then((m) => ({ default: m.CategoryPage })),
);
const AboutPage = lazy(() => import('../features/about').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() =>
  import('../features/contact').then((m) => ({ default: m.ContactPage })),
);
const LoginPage = lazy(() => import('../features/auth').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.ConfirmEmailPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.VerifyEmailPage })),
);
const UnsubscribePage = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.UnsubscribePage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile').then((m) => ({ default: m.ProfilePage })),
);
const AuthorCompensationPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.AuthorCompensationPage })),
);
const HowToUploadPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.HowToUploadPage })),
);
const HowItWorksPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.HowItWorksPage })),
);
const ShippingPolicyPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.ShippingPolicyPage })),
);
const CommunityDonationPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.CommunityDonationPage })),
);
const TermsPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.TermsPage })),
);
const AuthorsTermsPage = lazy(() =>
  import('../features/policies').then((m) => ({ default: m.AuthorsTermsPage })),
);
const WishlistPage = lazy(() =>
  import('../features/wishlist').then((m) => ({ default: m.WishlistPage })),
);

/** One screen per path the shell sends here (the paths are declared once, in @mechabrim/routing). */
const screens: Record<StorefrontPath, ReactElement> = {
  '/': <HomeRoute />,
  '/books': <CataloguePage />,
  '/authors': <AuthorsPage />,
  '/author/:id': <AuthorPage />,
  '/book/:id': <BookPage />,
  '/category/:category': <CategoryPage />,
  '/about': <AboutPage />,
  '/contact': <ContactPage />,
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/confirm-email': <ConfirmEmailPage />,
  '/verify-email': <VerifyEmailPage />,
  '/unsubscribe': <UnsubscribePage />,
  '/profile': <ProfilePage />,
  '/wishlist': <WishlistPage />,
  '/author-compensation': <AuthorCompensationPage />,
  '/how-to-upload': <HowToUploadPage />,
  '/how-it-works': <HowItWorksPage />,
  '/shipping-policy': <ShippingPolicyPage />,
  '/community-donation': <CommunityDonationPage />,
  '/terms': <TermsPage />,
  '/authors-terms': <AuthorsTermsPage />,
};

/**
 * The storefront's screens (spec §2), absolute paths. The shell's route table sends these paths
 * here; the shell's Suspense boundary covers the lazy screens.
 */
export const storefrontRoutes: RouteObject[] = [
  ...storefrontPaths.map((path) => ({ path, element: screens[path] })),
  { path: '*', element: <NotFoundPage /> },
];
