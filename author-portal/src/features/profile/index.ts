export { ProfilePage } from './components/profile-page';
export { PayoutDetailsSection } from './components/payout-details-section';
