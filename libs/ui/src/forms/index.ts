/**
 * `@mechabrim/ui/src/forms` — the form state of the kit (react-hook-form with the zod resolver).
 * A separate entry, not part of the kit's index: the kit is a federation singleton loaded by
 * every page's first render, and only the pages with a form should pay for react-hook-form.
 * Their lazy chunks bundle it; no form state crosses a remote, so one copy per remote is safe.
 */
export { useZodForm } from './use-zod-form';
export {
  SignInForm,
  type Credentials,
  type SignInFormProps,
  type SignInFormTexts,
} from './sign-in-form';
