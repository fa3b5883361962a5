import type { ReactElement } from 'react';
import { storefrontPaths, type RouteObject, type StorefrontPath } from '@mechabrim/routing';
import { NotFoundPage } from '@mechabrim/ui';
// The pages people land on (home, the catalogue, a book) are in the storefront's first chunk, so their
// first render needs no further request; the other screens load when first visited.
import { HomeRoute } from './home-route';
import { BookPage } from '../features/book';
import { CataloguePage } from '../features/catalogue';
import { lazyScreen, type LazyScreen } from './lazy-screen';

const AuthorsPage = lazyScreen(() => import('../features/authors').then((m) => m.AuthorsPage));
const AuthorPage = lazyScreen(() => import('../features/authors').then((m) => m.AuthorPage));
const CategoryPage = lazyScreen(() => import('../features/category').then((m) => m.CategoryPage));
const AboutPage = lazyScreen(() => import('../features/about').then((m) => m.AboutPage));
const ContactPage = lazyScreen(() => import('../features/contact').then((m) => m.ContactPage));
const LoginPage = lazyScreen(() => import('../features/auth').then((m) => m.LoginPage));
const RegisterPage = lazyScreen(() => import('../features/auth').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyScreen(() =>
  import('../features/auth').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth').then((m) => m.ResetPasswordPage),
);
const ConfirmEmailPage = lazyScreen(() =>
  import('../features/auth').then((m) => m.ConfirmEmailPage),
);
const VerifyEmailPage = lazyScreen(() => import('../features/auth').then((m) => m.VerifyEmailPage));
const UnsubscribePage = lazyScreen(() => import('../features/auth').then((m) => m.UnsubscribePage));
const ProfilePage = lazyScreen(() => import('../features/profile').then((m) => m.ProfilePage));
const AuthorCompensationPage = lazyScreen(() =>
  import('../features/policies').then((m) => m.AuthorCompensationPage),
);
const HowToUploadPage = lazyScreen(() =>
  import('../features/policies').then((m) => m.HowToUploadPage),
);
const HowItWorksPage = lazyScreen(() =>
  import('../features/policies').then((m) => m.HowItWorksPage),
);
const ShippingPolicyPage = lazyScreen(() =>
  import('../features/policies').then((m) => m.ShippingPolicyPage),
);
const CommunityDonationPage = lazyScreen(() =>
  import('../features/policies/donation').then((m) => m.CommunityDonationPage),
);
const TermsPage = lazyScreen(() => import('../features/policies').then((m) => m.TermsPage));
const AuthorsTermsPage = lazyScreen(() =>
  import('../features/policies').then((m) => m.AuthorsTermsPage),
);
const WishlistPage = lazyScreen(() => import('../features/wishlist').then((m) => m.WishlistPage));

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

const isLazyScreen = (type: unknown): type is LazyScreen =>
  typeof (type as Partial<LazyScreen> | null)?.preload === 'function';

/**
 * Loads every lazily loaded screen, so each draws at once from then on: the server's renderer
 * awaits it before drawing a page (src/server/landing.tsx); the browser never calls it.
 */
export async function preloadScreens(): Promise<void> {
  await Promise.all(
    Object.values(screens)
      .map((element) => element.type)
      .filter(isLazyScreen)
      .map((screen) => screen.preload()),
  );
}
