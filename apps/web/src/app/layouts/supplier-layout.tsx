import { AuthLayout } from './auth-layout.tsx';

/** Invited suppliers register here; same focused frame as sign-in, labelled as the supplier portal. */
export const SupplierLayout = () => <AuthLayout area="supplier" />;
