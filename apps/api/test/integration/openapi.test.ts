import { allCalls, integration } from '@portal/contract';
import { describe, expect, it } from 'vitest';

import { openApiDocument } from '../../src/plugins/openapi.ts';

interface Schema {
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  security: Record<string, string[]>[];
  description: string;
  requestBody?: { content: { 'application/json': { schema: Schema } } };
}
const doc = openApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string; bearerFormat?: string }> };
};
const op = (path: string, method: string) => doc.paths[`/api${path}`]?.[method] as Operation;

describe('the OpenAPI document of the integration API', () => {
  it('gives each integration call the bearer scheme of its scope, and no user call one of those', () => {
    const wanted: Record<string, string> = {
      '/integration/v1/events': 'events',
      ...Object.fromEntries(
        integration.collectionNames.map((name) => [
          `/integration/v1/${name}/batch`,
          integration.collections[name].scope,
        ]),
      ),
    };
    for (const [path, scope] of Object.entries(wanted)) {
      const operation = op(path, path.endsWith('/batch') ? 'post' : 'get');
      expect(operation.security, path).toEqual([{ [`integration_${scope}`]: [] }]);
      expect(operation.description).toContain(`the ${scope} scope`);
      expect(doc.components.securitySchemes[`integration_${scope}`]).toMatchObject({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pit_ integration token',
      });
    }
    expect(doc.components.securitySchemes.bearer?.bearerFormat).toBe('JWT');
    for (const call of allCalls) {
      const operation = op(call.path.replace(/:([A-Za-z_]+)/g, '{$1}'), call.methods[0]!.toLowerCase());
      const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
      if (call.path.startsWith('/integration/v1/'))
        expect(
          schemes.every((s) => s.startsWith('integration_')),
          call.id,
        ).toBe(true);
      else
        expect(
          schemes.some((s) => s.startsWith('integration_')),
          call.id,
        ).toBe(false);
    }
  });

  it("documents each collection's item fields in the batch body, as the contract parses them", () => {
    for (const name of integration.collectionNames) {
      const body = op(`/integration/v1/${name}/batch`, 'post').requestBody?.content['application/json'].schema;
      // An item schema is one object, or (product-objects) a union of objects, one per kind.
      const schema = integration.collections[name].item;
      const shapes = 'options' in schema ? schema.options.map((o) => o.shape) : [schema.shape];
      const items = body?.properties?.items?.items;
      const documented = items?.oneOf ?? items?.anyOf ?? [items];
      expect(documented.length, name).toBe(shapes.length);
      for (const [i, item] of documented.entries()) {
        expect(item?.required, name).toContain(integration.collections[name].key);
        expect(Object.keys(item?.properties ?? {}).sort(), name).toEqual(Object.keys(shapes[i] ?? {}).sort());
      }
    }
    const invoice = op('/integration/v1/invoices/batch', 'post').requestBody?.content['application/json'].schema
      .properties?.items?.items;
    expect(invoice?.properties?.due_date?.format).toBe('date');
    expect(invoice?.properties?.lines?.items?.required).toEqual(['product_cd', 'price']);
    expect(invoice?.properties?.total_amt_due?.anyOf?.map((s) => s.type)).toEqual(['number', 'string']);
    const payment = op('/integration/v1/payments/batch', 'post').requestBody?.content['application/json'].schema
      .properties?.items?.items;
    expect(payment?.properties?.paid_at?.format).toBe('date-time');
    expect(payment?.required).not.toContain('invoice_number');
  });
});
