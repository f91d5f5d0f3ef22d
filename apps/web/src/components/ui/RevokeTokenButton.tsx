import { Button } from '@mantine/core';

export interface RevokeTokenButtonProps {
  name: string;
  loading: boolean;
  onRevoke: () => void;
}

/** Revokes a token once the viewer confirms: calls made with it stop working at once. */
export function RevokeTokenButton({ name, loading, onRevoke }: RevokeTokenButtonProps) {
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      aria-label={`Revoke ${name}`}
      loading={loading}
      onClick={() => {
        if (window.confirm(`Revoke the token "${name}"? Calls made with it stop working at once.`)) onRevoke();
      }}
    >
      Revoke
    </Button>
  );
}
