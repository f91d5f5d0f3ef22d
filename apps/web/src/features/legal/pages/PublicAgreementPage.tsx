import { Alert, Box, Container, Paper } from '@mantine/core';
import { legal } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { Wordmark } from '../../../components/ui/Wordmark.tsx';
import { useActiveAgreements } from '../api/get-active-agreements.ts';
import { AgreementView } from '../components/AgreementView.tsx';

/** s/agreement/{legalAgreementId}: an active agreement, readable before sign-in (opened from account creation). */
export function PublicAgreementPage() {
  const agreementId = useLoaderData<number>();
  const agreements = useActiveAgreements();
  return (
    <Box bg="brand.9" mih="100vh" py="xl">
      <Container size="md">
        <Box mb="lg">
          <Wordmark size="lg" />
        </Box>
        <Paper component="main" id="main" radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="lg">
          <PageStates data={agreements.data} error={agreements.error} isPending={agreements.isPending}>
            {(list) => {
              const agreement = list.find((a) => a.legal_agreement_id === agreementId);
              return agreement ? (
                <AgreementView agreement={agreement} />
              ) : (
                <Alert color="yellow">{legal.legalTexts.notFound}</Alert>
              );
            }}
          </PageStates>
        </Paper>
      </Container>
    </Box>
  );
}
