import type { OutageItem } from '@portal/contract';

import { readOutage, upsertOutage } from './outages.repository.ts';
import { same, type Upsert } from './upsert.ts';

/** outages by external_id: the banner text and whether it shows now. */
export const upsertOutageItem: Upsert<OutageItem> = async (db, item, { nowMs }) => {
  const held = await readOutage(db, item.external_id, nowMs);
  if (held && same(held, { message: item.message, active: item.active })) return { status: 'unchanged' };
  await upsertOutage(db, item, nowMs);
  return { status: held ? 'updated' : 'created' };
};
