import { useRoutes } from '@mechabrim/routing';
import { strings } from '../strings.he';
import { storefrontRoutes } from './routes';
import { CartFeedback } from '../shared/cart-feedback/cart-feedback';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';

// Set at build time (MECHABRIM_BUILD_LABEL); empty in normal builds. It lets a deployment show
// which storefront build is live — the federation browser test uses it to prove a redeployed
// remote is picked up without rebuilding the shell.
const buildLabel = process.env.MECHABRIM_BUILD_LABEL;

/**
 * The storefront's `./App`: its routes, mounted by the shell inside the shell's router (and its
 * Suspense and error boundary, so lazy screens need no boundary of their own).
 */
export default function StorefrontApp() {
  const element = useRoutes(storefrontRoutes);
  return (
    <>
      <VerifyEmailBanner />
      {element}
      <CartFeedback />
      {buildLabel ? (
        <p className="mb-container" data-build-label="">
          {strings.buildLabel(buildLabel)}
        </p>
      ) : null}
    </>
  );
}
