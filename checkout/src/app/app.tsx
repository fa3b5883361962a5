import { useRoutes } from '@mechabrim/routing';
import { checkoutRoutes } from './routes';

/** The checkout's `./App`: its routes, mounted by the shell inside the shell's router. */
export default function CheckoutApp() {
  return useRoutes(checkoutRoutes);
}
