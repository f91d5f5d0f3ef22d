import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { Wordmark } from '../../../components/ui/Wordmark.tsx';
import { useBrand } from '../../../lib/brand.ts';
import classes from './AuthFrame.module.css';

/** The frame of the signed-out pages: brand, a card, and a notice area above it. */
export function AuthFrame({ notices, children }: { notices?: ReactNode; children: ReactNode }) {
  const brand = useBrand();
  return (
    <Box className={classes.page}>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="md">
          <Center>
            <Wordmark size="lg" />
          </Center>
          {notices}
          <Paper component="main" id="main" shadow="lg" radius="lg" p={{ base: 'lg', xs: 'xl' }} withBorder>
            {children}
          </Paper>
          <Text size="xs" c="rgba(255,255,255,0.7)" ta="center">
            {brand.company_name ? `${brand.company_name} · ${brand.portal_name}` : brand.portal_name}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
