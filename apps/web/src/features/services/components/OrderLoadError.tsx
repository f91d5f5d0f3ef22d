import { messages } from '@portal/contract';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { isApiError } from '../../../lib/api-error.ts';

/** A failed order lookup: "No order found." for an order that is not there or not the user's. */
export function OrderLoadError({ error }: { error: unknown }) {
  const notFound = isApiError(error) && error.code === 'NOT_FOUND';
  return <ErrorBox error={error} {...(notFound ? { message: messages.noOrder } : {})} />;
}
