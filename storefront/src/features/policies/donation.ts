export { CommunityDonationPage } from './components/community-donation-page';
