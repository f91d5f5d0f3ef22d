import { Badge } from '@mantine/core';

/** Maintenance (planned) or outage (unplanned). */
export function KindBadge({ kind }: { kind: 'maintenance' | 'outage' }) {
  return (
    <Badge size="sm" variant="light" color={kind === 'outage' ? 'red' : 'blue'} style={{ flex: 'none' }}>
      {kind === 'outage' ? 'Outage' : 'Maintenance'}
    </Badge>
  );
}
