import { validationMessages as m, type FieldErrors } from '@portal/contract';

import { messages, parseTs, type PointIn, type Rejected } from './points.ts';
import { seriesLabels } from './catalogue.ts';

/**
 * The JSON call's points (decision 091): each item read on its own, so one malformed point is rejected
 * with its reasons and the others go on. Unlike the remote write and OTLP feeds (which add job,
 * instance and the like), a JSON point may only carry the labels that name a series' object.
 */
export function jsonPoints(items: readonly unknown[]): { points: PointIn[]; rejected: Rejected[] } {
  const points: PointIn[] = [];
  const rejected: Rejected[] = [];
  items.forEach((item, index) => {
    const errors: FieldErrors = {};
    const o = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}) as Record<
      string,
      unknown
    >;
    if (typeof o.order_number !== 'string' && typeof o.order_number !== 'number') errors.order_number = [m.required];
    if (typeof o.metric !== 'string') errors.metric = [m.required];
    const labels: Record<string, string> = {};
    if (o.labels !== undefined && o.labels !== null) {
      if (typeof o.labels !== 'object' || Array.isArray(o.labels)) errors.labels = [m.type];
      else
        for (const [key, value] of Object.entries(o.labels as Record<string, unknown>)) {
          if (!(seriesLabels as readonly string[]).includes(key)) errors.labels = [messages.labels];
          else if (typeof value !== 'string') errors.labels = [messages.labelValue];
          else labels[key] = value;
        }
    }
    const ts = parseTs(o.ts);
    if (ts === undefined) errors.ts = [o.ts === undefined ? m.required : messages.ts];
    if (typeof o.value !== 'number') errors.value = [o.value === undefined ? m.required : m.number];
    if (Object.keys(errors).length) rejected.push({ index, errors });
    else
      points.push({
        index,
        order_number: String(o.order_number).trim(),
        metric: o.metric as string,
        labels,
        ts: ts as number,
        value: o.value as number,
      });
  });
  return { points, rejected };
}
