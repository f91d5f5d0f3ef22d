import { useLoaderData } from 'react-router';

import { formatDate } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { useDsVpg, useOrderDs, vpgStatsQueryOptions } from '../api/disaster-recovery.ts';
import { DsVmTable } from '../components/DsVmTable.tsx';
import { drBytes, drSeconds } from '../disaster-recovery-format.ts';
import { ObjectCharts, ObjectSection } from '../components/ObjectSection.tsx';

/** service/ds-vpg/{baseOrderId}/{vpgId}: one protection group's facts, storage and RPO charts and its VMs. */
export function ProtectionGroupPage() {
  const { baseOrderId, objectId: vpgId } = useLoaderData<{ baseOrderId: number; objectId: number }>();
  const order = useOrderDs(baseOrderId);
  const vpg = useDsVpg(vpgId);
  const range = (r: { start: number; end: number }) => ({ vpgId, startDate: r.start, endDate: r.end });
  return (
    <ProductShell label="Disaster recovery: protection group" query={order}>
      {() => (
        <ObjectSection
          baseOrderId={baseOrderId}
          query={vpg}
          title={(g) => `Protection group ${g.vpg_name}`}
          status={(g) => g.status}
          stats={(g) => [
            <Stat key="rpo" label="Actual RPO" hint={`Configured ${drSeconds(g.configured_rpo)}`}>
              {drSeconds(g.actual_rpo)}
            </Stat>,
            <Stat key="vms" label="Protected VMs">
              {g.vms_count}
            </Stat>,
            <Stat key="storage" label="Used storage" hint={`of ${drBytes(g.provisioned_storage)} provisioned`}>
              {drBytes(g.used_storage)}
            </Stat>,
            <Stat key="test" label="Last failover test" hint={`Journal ${drBytes(g.journal_used_storage)}`}>
              {g.last_test ? formatDate(g.last_test) : 'Never'}
            </Stat>,
          ]}
        >
          {() => (
            <>
              <ObjectCharts query={(r) => vpgStatsQueryOptions(range(r))} />
              <DsVmTable baseOrderId={baseOrderId} vpgId={vpgId} />
            </>
          )}
        </ObjectSection>
      )}
    </ProductShell>
  );
}
