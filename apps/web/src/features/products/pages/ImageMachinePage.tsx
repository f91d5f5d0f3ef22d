import type { productsEb } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { formatDateTime, formatGigabytes } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { ebImageMachineStatsQueryOptions, useEbImageMachine, useOrderEb } from '../api/endpoint-backup.ts';
import { ObjectDetail, type ObjectChart, RunStatusText } from '../components/ObjectDetail.tsx';

const charts: ObjectChart<productsEb.ImageMachineStats>[] = [
  { title: 'Local storage', select: (s) => s.local_storage, unit: 'gigabytes' },
  { title: 'Snapshots per day', select: (s) => s.snapshots, unit: 'count' },
];

const stats = (m: productsEb.ImageMachine) => [
  <Stat key="bytes" label="Local storage">
    {formatGigabytes(m.total_local_storage_bytes)}
  </Stat>,
  <Stat key="last" label="Last snapshot" hint={formatDateTime(m.last_snapshot) || undefined}>
    <RunStatusText status={m.last_snapshot_status} />
  </Stat>,
  <Stat key="snapshots" label="Snapshots" hint="taken, as reported">
    {m.total_snapshots}
  </Stat>,
  <Stat key="missed" label="Missed snapshots" hint="as reported">
    {m.missed_snapshots}
  </Stat>,
];

function Machine({ baseOrderId, vmName }: { baseOrderId: number; vmName: string }) {
  return (
    <ObjectDetail
      query={useEbImageMachine({ baseOrderId, vmName })}
      notFound="No machine found."
      testId="eb-image-machine"
      heading={(m) => ({ title: m.vm_name, subtitle: `Image-backed machine · ${m.os}` })}
      stats={stats}
      statsQuery={({ start, end }) =>
        ebImageMachineStatsQueryOptions({ baseOrderId, vmName, startDate: start, endDate: end })
      }
      charts={charts}
    />
  );
}

/** service/eb-image-machine/{baseOrderId}/{vmName}: one image-backed machine, its facts and its charts. */
export function ImageMachinePage() {
  const { baseOrderId, name } = useLoaderData<{ baseOrderId: number; name: string }>();
  const query = useOrderEb(baseOrderId);
  return (
    <ProductShell label="Endpoint backup" query={query}>
      {() => <Machine baseOrderId={baseOrderId} vmName={name} />}
    </ProductShell>
  );
}
