import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';

import { checkObject, checkWire, type Bounds } from './bounds.ts';

const root = protobuf.parse(`
  syntax = "proto3";
  message Request { repeated Series series = 1; Series single = 2; }
  message Series { repeated Label labels = 1; repeated Point points = 2; string name = 3; }
  message Label { string name = 1; }
  message Point { double value = 1; }
`).root;
root.resolveAll();
const Request = root.lookupType('Request');
const bounds: Bounds = {
  points: new Set([root.lookupType('Series').fields.points as protobuf.Field]),
  maxPoints: 3,
  maxEntries: 4,
  entries: 'series and labels',
};
const wire = (object: object) => Request.encode(Request.fromObject(object)).finish();

describe('counting a request before it is decoded', () => {
  it('counts every message, empty ones and repeats of a single field included; points apart', () => {
    // Four entries (two series, a label, the single series) and three points: at the limits.
    const full = { series: [{ labels: [{}], points: [{}, {}] }, { points: [{ value: 1 }] }], single: {} };
    expect(() => checkWire(Request, wire(full), bounds)).not.toThrow();
    expect(() => checkObject(Request, full, bounds)).not.toThrow();

    const entries = 'A request carries at most 4 series and labels.';
    const points = 'A request carries at most 3 points.';
    const oneLabelMore = { ...full, series: [{ labels: [{}, {}], points: [{}] }, {}] };
    expect(() => checkWire(Request, wire(oneLabelMore), bounds)).toThrow(entries);
    expect(() => checkObject(Request, oneLabelMore, bounds)).toThrow(entries);
    const onePointMore = { series: [{ points: [{}, {}, {}, {}] }] };
    expect(() => checkWire(Request, wire(onePointMore), bounds)).toThrow(points);
    expect(() => checkObject(Request, onePointMore, bounds)).toThrow(points);
    // The single field five times on the wire (protobuf merges them, each one allocated): five entries.
    const repeatedSingle = Buffer.from([0x12, 0, 0x12, 0, 0x12, 0, 0x12, 0, 0x12, 0]);
    expect(() => checkWire(Request, repeatedSingle, bounds)).toThrow(entries);
    // Unknown fields and text are skipped, not counted.
    const unknown = Buffer.from([0x1a, 2, 0x61, 0x62, 0x0a, 3, 0x1a, 1, 0x63]);
    expect(() => checkWire(Request, unknown, bounds)).not.toThrow();
  });

  it('refuses bytes whose message runs past its end as malformed, not as a limit', () => {
    expect(() => checkWire(Request, Buffer.from([0x0a, 5, 0x0a, 0]), bounds)).toThrow(/past the end/);
    expect(() => checkWire(Request, Buffer.from([0x1a, 9, 0x61]), bounds)).toThrow(RangeError);
  });
});
