import { Button } from '@mantine/core';

import type { Column } from './DataTable.tsx';

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

/** The token tables' last column: a Revoke button per row, busy while that row's revocation runs. */
export function revokeColumn<Row extends { id: number; name: string }>(revoke: {
  isPending: boolean;
  variables?: number;
  mutate: (id: number) => void;
}): Column<Row> {
  return {
    key: 'revoke',
    header: 'Revoke',
    render: (r) => (
      <RevokeTokenButton
        name={r.name}
        loading={revoke.isPending && revoke.variables === r.id}
        onRevoke={() => revoke.mutate(r.id)}
      />
    ),
  };
}
