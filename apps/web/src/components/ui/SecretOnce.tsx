import { Alert, Button, Code, CopyButton, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SecretOnceProps {
  secret: string;
  /** The test id of the secret's text. */
  testId: string;
  /** More to say below the secret (a webhook's signing secret). */
  children?: ReactNode;
}

/** A new token's secret, shown this once with a copy button: the portal keeps only its hash. */
export function SecretOnce({ secret, testId, children }: SecretOnceProps) {
  return (
    <Alert color="green" variant="light" role="status" title="Copy the secret now">
      <Text size="sm">It is shown only this once; the portal keeps only its hash.</Text>
      <Group gap="xs" mt="xs" wrap="nowrap">
        <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {children}
    </Alert>
  );
}
