import { useLoaderData, useNavigate } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { useAcceptAgreement } from '../api/accept-agreement.ts';
import { useAgreement } from '../api/get-agreement.ts';
import { AgreementView } from '../components/AgreementView.tsx';

/** legal/view/{legalAgreementId}: one agreement with Agree; then the next pending one, or the dashboard. */
export function LegalViewPage() {
  const agreementId = useLoaderData<number>();
  const agreement = useAgreement(agreementId);
  const accept = useAcceptAgreement();
  const navigate = useNavigate();
  return (
    <PageStates data={agreement.data} error={agreement.error} isPending={agreement.isPending}>
      {(data) => (
        <AgreementView
          agreement={data}
          accepted={data.accepted}
          onAgree={() =>
            accept.mutate(agreementId, {
              onSuccess: ({ remaining }) => navigate(remaining > 0 ? paths.legal() : paths.home(), { replace: true }),
            })
          }
          pending={accept.isPending}
          error={accept.error}
        />
      )}
    </PageStates>
  );
}
