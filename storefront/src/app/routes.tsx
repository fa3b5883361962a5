import { lazy } from 'react';
import type { RouteObject } from '@mechabrim/routing';
import { NotFound } from './not-found';
// The two pages people land on (home, a book) are in the storefront's first chunk, so their
// first render needs no further request; the other screens load when first visited.
import { HomeRoute } from '../features/home';
import { BookPage } from '../features/book';

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

/**
 * The storefront's screens (spec §2), absolute paths. The shell's route table sends these paths
 * here; the shell's Suspense boundary covers the lazy screens.
 */
export const storefrontRoutes: RouteObject[] = [
  { path: '/', element: <HomeRoute /> },
  { path: '/books', element: <HomeRoute /> },
  { path: '/authors', element: <AuthorsPage /> },
  { path: '/author/:id', element: <AuthorPage /> },
  { path: '/book/:id', element: <BookPage /> },
  { path: '/category/:category', element: <CategoryPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/wishlist', element: <WishlistPage /> },
  { path: '/author-compensation', element: <AuthorCompensationPage /> },
  { path: '/how-to-upload', element: <HowToUploadPage /> },
  { path: '/how-it-works', element: <HowItWorksPage /> },
  { path: '/shipping-policy', element: <ShippingPolicyPage /> },
  { path: '/community-donation', element: <CommunityDonationPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/authors-terms', element: <AuthorsTermsPage /> },
  { path: '*', element: <NotFound /> },
];
