/** Query keys of the legal area. */
export const legalKeys = {
  all: ['legal'] as const,
  active: () => [...legalKeys.all, 'active'] as const,
  unaccepted: () => [...legalKeys.all, 'unaccepted'] as const,
  agreement: (legalAgreementId: number) => [...legalKeys.all, 'agreement', legalAgreementId] as const,
};
