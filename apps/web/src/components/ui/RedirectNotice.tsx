import { Alert, Text } from '@mantine/core';
import { messages, timing } from '@portal/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export interface RedirectNoticeProps {
  message: string;
  /** Router path to go to after the spec's 3-second delay. */
  to: string;
  color?: 'green' | 'red' | 'blue';
}

/** Shows a message and 'Redirecting...', then navigates after 3 s (success steps, failed loads). */
export function RedirectNotice({ message, to, color = 'green' }: RedirectNoticeProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), timing.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <Alert color={color} variant="light" role="status">
      <Text size="sm">{message}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {messages.redirecting}
      </Text>
    </Alert>
  );
}
