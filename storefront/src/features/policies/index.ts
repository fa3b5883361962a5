// The community fund's page (its donation form, zod and the donation schemas) is a chunk of its
// own, in ./donation: the policy pages, which are only text, load without it.
export {
  AuthorCompensationPage,
  HowToUploadPage,
  HowItWorksPage,
  ShippingPolicyPage,
  TermsPage,
  AuthorsTermsPage,
} from './components/policy-pages';
