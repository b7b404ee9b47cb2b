/**
 * The OpenAPI 3.1 document: valid per a maintained OpenAPI validator, complete (every endpoint, both
 * variants, error bodies, examples), every order example accepted by our own validateOrder, every answer
 * example by the SDK's response schemas — and the simulator serves it, the CLI prints and writes it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateOrder } from '../../../src-shared/gateway';
import { buildOpenApiDocument } from '../../../src-shared/gateway/openapi';
import {
  createOrderResponseSchema,
  mbwayPurchaseResponseSchema,
  referenceGenerateResponseSchema,
  statusResponseSchema,
} from '../../../src-shared/gateway/response-schemas';
import { runOpenApi } from '../../../src-main/cli/openapi-command';
import { Harness } from './harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked as plain JSON
type Doc = any;

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const validate = async (doc: unknown) => {
  const validator = new Validator();
  const result = await validator.validate(doc as Parameters<Validator['validate']>[0]);
  return { result, version: validator.version };
};

describe('the generated document', () => {
  const doc: Doc = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const { result, version } = await validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(version).toBe('3.1');
  });

  it('has every endpoint of the interface, with its authentication and the client-id header', () => {
    const paths = doc.paths as Record<string, Record<string, Doc>>;
    expect(Object.keys(paths).sort()).toEqual([
      '/api/v2/payments',
      '/api/v2/payments/{transactionID}/mbway-id/purchase',
      '/api/v2/payments/{transactionID}/service-reference/generate',
      '/api/v2/payments/{transactionID}/status',
    ]);
    expect(paths['/api/v2/payments']!.post.security).toEqual([{ bearerToken: [], clientId: [] }]);
    expect(paths['/api/v2/payments/{transactionID}/status']!.get.security).toEqual([{ bearerToken: [], clientId: [] }]);
    expect(paths['/api/v2/payments/{transactionID}/mbway-id/purchase']!.post.security).toEqual([
      { transactionSignature: [], clientId: [] },
    ]);
    expect(doc.components.securitySchemes.clientId).toMatchObject({ in: 'header', name: 'X-Platform-Client-Id' });
    expect(doc.components.securitySchemes.transactionSignature).toMatchObject({ in: 'header', name: 'Authorization' });
  });

  it('describes both variants and the error body of every documented HTTP status', () => {
    const create = doc.paths['/api/v2/payments'].post;
    expect(create.requestBody.content['application/json'].schema.oneOf).toEqual([
      { $ref: '#/components/schemas/OrderVariantA' },
      { $ref: '#/components/schemas/OrderVariantB' },
    ]);
    const orderA = doc.components.schemas.OrderVariantA;
    expect(orderA.properties.transaction.properties.paymentMethod.items.enum).toEqual(['REFERENCE', 'CARD', 'MBWAY']);
    expect(doc.components.schemas.OrderVariantB.required).toEqual(
      expect.arrayContaining(['merchant', 'transaction', 'customer', 'info']),
    );
    for (const status of ['400', '401', '403', '405', '429', '500', '503'])
      expect(create.responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ErrorResponse',
      });
    expect(doc.components.schemas.ErrorResponse.properties.returnStatus.properties.statusCode.type).toBe('string');
  });

  it('every order example passes our own validateOrder for its variant', () => {
    const examples = doc.paths['/api/v2/payments'].post.requestBody.content['application/json'].examples;
    expect(Object.keys(examples)).toEqual(['variantA', 'variantB']);
    expect(validateOrder('A', examples.variantA.value)).toMatchObject({ ok: true });
    expect(validateOrder('B', examples.variantB.value)).toMatchObject({ ok: true });
    // …and they are real examples of their variant, not of either.
    expect(validateOrder('B', examples.variantA.value).ok).toBe(false);
  });

  it('every answer example parses with the SDK’s response schema of its endpoint', () => {
    const byPath: Array<[string, string, { safeParse(value: unknown): { success: boolean } }]> = [
      ['/api/v2/payments', 'post', createOrderResponseSchema],
      ['/api/v2/payments/{transactionID}/status', 'get', statusResponseSchema],
      ['/api/v2/payments/{transactionID}/service-reference/generate', 'post', referenceGenerateResponseSchema],
      ['/api/v2/payments/{transactionID}/mbway-id/purchase', 'post', mbwayPurchaseResponseSchema],
    ];
    let count = 0;
    for (const [path, method, schema] of byPath) {
      const examples = doc.paths[path][method].responses['200'].content['application/json'].examples as Record<
        string,
        { value: unknown }
      >;
      for (const [name, example] of Object.entries(examples)) {
        expect(schema.safeParse(example.value).success, `${path} ${name}`).toBe(true);
        count += 1;
      }
      for (const [status, answer] of Object.entries(doc.paths[path][method].responses as Record<string, Doc>))
        if (status !== '200')
          expect(answer.content['application/json'].example.returnStatus.statusCode).toBeTypeOf('string');
    }
    expect(count).toBeGreaterThanOrEqual(6);
  });
});

describe('served and exported', () => {
  it('the simulator serves it at /openapi.json with its own URL, path and client-id header', async () => {
    const custom = await Harness.start({ basePath: '/gw/api', version: 'v3', clientIdHeader: 'X-Acme-Client-Id' });
    try {
      const answer = await custom.call('GET', `${custom.sim.url}/openapi.json`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect(answer.body.servers).toEqual([{ url: custom.sim.url }]);
      expect(Object.keys(answer.body.paths)).toContain('/gw/api/v3/payments/{transactionID}/status');
      expect(answer.body.components.securitySchemes.clientId.name).toBe('X-Acme-Client-Id');
      expect((await validate(answer.body)).result.valid).toBe(true);
    } finally {
      await custom.close();
    }
  });

  it('`gateway-console openapi` prints it, and writes it with --out', async () => {
    let printed = '';
    const io = {
      stdout: (t: string) => void (printed += t),
      stderr: () => {},
      readStdin: async () => Buffer.alloc(0),
      stdinIsTty: true,
    };
    expect(await runOpenApi([], io)).toBe(0);
    expect(JSON.parse(printed)).toEqual(buildOpenApiDocument());
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'gateway.json');
      expect(await runOpenApi(['--out', file, '--server', 'https://gateway.example'], io)).toBe(0);
      const written = JSON.parse(await readFile(file, 'utf8'));
      expect(written.servers).toEqual([{ url: 'https://gateway.example' }]);
      expect((await validate(written)).result.valid).toBe(true);
      expect(await runOpenApi(['--server', 'not a url'], io)).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
