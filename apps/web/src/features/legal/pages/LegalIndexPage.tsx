import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { useAcceptAgreement } from '../api/accept-agreement.ts';
import { useUnacceptedAgreements } from '../api/get-unaccepted-agreements.ts';
import { AgreementView } from '../components/AgreementView.tsx';

/**
 * legal (index): the agreements still to accept, the first shown with Agree. After accepting, the
 * next one shows; with none left the user goes to the dashboard.
 */
export function LegalIndexPage() {
  const pending = useUnacceptedAgreements();
  const accept = useAcceptAgreement();
  const navigate = useNavigate();
  const none = pending.data?.length === 0;

  useEffect(() => {
    if (none) navigate(paths.home(), { replace: true });
  }, [none, navigate]);

  return (
    <PageStates
      data={pending.data}
      error={pending.error}
      isPending={pending.isPending}
      isEmpty={(list) => list.length === 0}
      empty="No agreements to accept."
    >
      {(list) => {
        const [first] = list;
        if (!first) return null;
        return (
          <AgreementView
            key={first.legal_agreement_id}
            agreement={first}
            note={
              <Text size="sm" c="dimmed" data-testid="legal-progress">
                Please read and accept {list.length === 1 ? 'this agreement' : `these ${list.length} agreements`} to
                continue with the portal.
              </Text>
            }
            onAgree={() =>
              accept.mutate(first.legal_agreement_id, {
                onSuccess: ({ remaining }) => {
                  if (remaining === 0) navigate(paths.home(), { replace: true });
                },
              })
            }
            pending={accept.isPending}
            error={accept.error}
          />
        );
      }}
    </PageStates>
  );
}
