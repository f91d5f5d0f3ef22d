import { Anchor } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { useDsVm, useOrderDs, vmStatsQueryOptions } from '../api/disaster-recovery.ts';
import { drBytes, drSeconds } from '../disaster-recovery-format.ts';
import { ObjectCharts, ObjectSection } from '../components/ObjectSection.tsx';

/** service/ds-vm/{baseOrderId}/{vmId}: one protected VM's facts and its storage and RPO charts. */
export function VmPage() {
  const { baseOrderId, objectId: vmId } = useLoaderData<{ baseOrderId: number; objectId: number }>();
  const order = useOrderDs(baseOrderId);
  const vm = useDsVm(vmId);
  const range = (r: { start: number; end: number }) => ({ vmId, startDate: r.start, endDate: r.end });
  return (
    <ProductShell label="Disaster recovery: virtual machine" query={order}>
      {() => (
        <ObjectSection
          baseOrderId={baseOrderId}
          query={vm}
          title={(v) => `VM ${v.vm_name}`}
          stats={(v) => [
            <Stat key="rpo" label="Actual RPO" hint={`Configured ${drSeconds(v.configured_rpo)}`}>
              {drSeconds(v.actual_rpo)}
            </Stat>,
            <Stat key="vpg" label="Protection group">
              <Anchor component={Link} to={paths.dsVpg(baseOrderId, v.vpg_id)} inherit>
                {v.vpg}
              </Anchor>
            </Stat>,
            <Stat key="storage" label="Used storage" hint={`of ${drBytes(v.provisioned_storage)} provisioned`}>
              {drBytes(v.used_storage)}
            </Stat>,
            <Stat key="journal" label="Journal used">
              {drBytes(v.journal_size_used)}
            </Stat>,
          ]}
        >
          {() => <ObjectCharts query={(r) => vmStatsQueryOptions(range(r))} />}
        </ObjectSection>
      )}
    </ProductShell>
  );
}
