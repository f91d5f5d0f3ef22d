import { Anchor, Code, List, Paper, Stack, Text, Title } from '@mantine/core';

/** The customer API's short guide: a token, a curl call, paging, errors, limits. */
export function ApiGuide() {
  const origin = window.location.origin;
  return (
    <Paper withBorder p="md" radius="md" maw={760} component="section" aria-label="Using the API">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Using the API
        </Title>
        <Text size="sm">
          A token calls the same <Code>/api</Code> calls this portal makes, those its scopes cover, with the access of a
          user of its accounts. The calls and their scopes are described in the{' '}
          <Anchor href="/api/customer/openapi.json" target="_blank" underline="always">
            customer API document
          </Anchor>{' '}
          (OpenAPI).
        </Text>
        <Text size="sm" fw={600}>
          A call with curl
        </Text>
        <Code block data-testid="api-guide-curl">
          {`curl -X POST ${origin}/api/invoices/get-invoices \\
  -H "Authorization: Bearer pct_..." \\
  -H "Content-Type: application/json" \\
  -d '{"page": 2}'`}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>
            Every answer is <Code>{'{ data, code, message }'}</Code>; the HTTP status agrees with the code.
          </List.Item>
          <List.Item>
            Lists are paged: send <Code>page</Code> (from 1; some lists also take <Code>perPage</Code>); the answer
            carries <Code>current_page</Code>, <Code>last_page</Code>, <Code>per_page</Code> and <Code>total</Code>.
          </List.Item>
          <List.Item>
            Errors: 401 <Code>INVALID_TOKEN</Code> (unknown or revoked), 401 <Code>EXPIRED_TOKEN</Code>, 403{' '}
            <Code>FORBIDDEN</Code> naming the scope the token lacks, 404 <Code>NOT_FOUND</Code> for anything outside its
            accounts, 422 <Code>VALIDATION_ERROR</Code> with the fields&apos; messages.
          </List.Item>
          <List.Item>
            Limits: each token may make a number of calls a minute (<Code>RateLimit-Limit</Code>,{' '}
            <Code>RateLimit-Remaining</Code>, <Code>RateLimit-Reset</Code> on every answer); beyond, 429 with{' '}
            <Code>Retry-After</Code>.
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
