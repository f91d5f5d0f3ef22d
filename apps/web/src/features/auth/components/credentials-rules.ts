import { zodResolver } from '@hookform/resolvers/zod';
import { auth } from '@portal/contract';

/** The sign-in form's rules: the contract's, with the spec's default messages. Loaded when first needed. */
export const credentialsResolver = zodResolver(auth.credentials);
