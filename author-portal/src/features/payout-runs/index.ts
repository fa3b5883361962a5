export { PayoutRunsPage } from './components/payout-runs-page';
