// Lint fixture: two modules that import each other (rejected by import-x/no-cycle).
import { invoiceTotal } from './cycle-invoice';

export const orderTotal = (prices: number[]) => invoiceTotal(prices);
