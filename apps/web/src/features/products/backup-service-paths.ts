/** The backup resource detail page of a managed backup. */
export const backupPath = (baseOrderId: number, resourceId: string) =>
  `/service/bs-backup/${baseOrderId}/${encodeURIComponent(resourceId)}`;

export const statusLabel = (status: 'ok' | 'error' | null) =>
  status === 'ok' ? 'Successful' : status === 'error' ? 'Failed' : 'No backup';
