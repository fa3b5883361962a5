export {
  AuthorCompensationPage,
  HowToUploadPage,
  HowItWorksPage,
  ShippingPolicyPage,
  CommunityDonationPage,
  TermsPage,
  AuthorsTermsPage,
} from './components/policy-pages';
