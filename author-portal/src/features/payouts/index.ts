export { PayoutsPage } from './components/payouts-page';
export { StatementPage } from './components/statement-page';
