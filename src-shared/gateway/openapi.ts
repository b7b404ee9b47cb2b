/**
 * The gateway interface as an OpenAPI 3.1 document, generated from the same zod schemas the SDK, the
 * simulator and the order forms validate with (zod 4's JSON Schema output is draft 2020-12, which is what
 * OpenAPI 3.1 uses). Exported by `gateway-console openapi` and served by the simulator at /openapi.json,
 * for users to import into Postman, Insomnia or a code generator, or to run an OpenAPI mock server.
 */
import { z } from 'zod';
import {
  DEFAULT_API_VERSION,
  DEFAULT_BASE_PATH,
  DEFAULT_CLIENT_ID_HEADER,
  HTTP_STATUS_MESSAGES,
  LIMITS,
  PAYMENT_STATUS_VALUES,
} from './codes';
import { MBWAY_PHONE_PATTERN } from './mbway-phone';
import { orderSchemaA, orderSchemaB } from './order-schema';
import {
  createOrderResponseSchema,
  mbwayPurchaseResponseSchema,
  referenceGenerateResponseSchema,
  returnStatusSchema,
  statusResponseSchema,
} from './response-schemas';

export interface OpenApiOptions {
  /** Server URL (origin, or origin + any prefix before basePath). Default: a `{base_url}` variable. */
  serverUrl?: string;
  basePath?: string;
  version?: string;
  clientIdHeader?: string;
}

type Json = Record<string, unknown>;

/** Request bodies the spec names for the follow-up calls (the gateway's own shapes: docs/gateway-behaviour.md). */
export const referenceGenerateRequestSchema = z.object({});
export const mbwayPurchaseRequestSchema = z.object({
  customerPhone: z.string().regex(MBWAY_PHONE_PATTERN).describe('Country code, then #, then the national number.'),
});

/** What every non-200 answer carries. */
export const errorResponseSchema = z.looseObject({ returnStatus: returnStatusSchema });

const SCHEMAS = {
  OrderVariantA: { schema: orderSchemaA, io: 'input' },
  OrderVariantB: { schema: orderSchemaB, io: 'input' },
  CreateOrderResponse: { schema: createOrderResponseSchema, io: 'output' },
  StatusResponse: { schema: statusResponseSchema, io: 'output' },
  ReferenceGenerateRequest: { schema: referenceGenerateRequestSchema, io: 'input' },
  ReferenceGenerateResponse: { schema: referenceGenerateResponseSchema, io: 'output' },
  MbwayPurchaseRequest: { schema: mbwayPurchaseRequestSchema, io: 'input' },
  MbwayPurchaseResponse: { schema: mbwayPurchaseResponseSchema, io: 'output' },
  ErrorResponse: { schema: errorResponseSchema, io: 'output' },
} as const;

/**
 * zod → JSON Schema, then the few things JSON Schema cannot learn from zod: refinements (ISO code
 * lists, two decimals) are code, not schema, so they are said in descriptions; the long regex zod
 * writes next to `format: date-time` is dropped (the format says it); the spec's string statusCode.
 */
function componentSchema(name: keyof typeof SCHEMAS): Json {
  const { schema, io } = SCHEMAS[name];
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Json;
  delete json.$schema;
  return tidy(json) as Json;
}

const FIELD_NOTES: Record<string, string> = {
  terminalId: `A JSON number, at most ${LIMITS.terminalIdDigits} digits.`,
  currency: 'ISO 4217 alphabetic code, e.g. EUR.',
  country: 'ISO 3166-1 alpha-2 code, e.g. PT.',
  customerLanguage: 'ISO 639-1 code, e.g. pt.',
  customerPhone: 'E.164: + then at most 15 digits (MB WAY purchase: 351#912345678 instead).',
  statusCode: '"000" means the request was processed (not that it was paid); any other value is an error.',
  paymentStatus: `One of ${PAYMENT_STATUS_VALUES.join(', ')}; unknown values must be shown, not rejected.`,
};

function tidy(node: unknown, key?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => tidy(item));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [name, value] of Object.entries(node as Json)) {
    if (name === 'pattern' && (node as Json).format === 'date-time') continue;
    if (name === 'properties' && typeof value === 'object' && value !== null) {
      out.properties = Object.fromEntries(
        Object.entries(value as Json).map(([field, schema]) => [field, tidy(schema, field)]),
      );
      continue;
    }
    out[name] = tidy(value);
  }
  if (key === 'statusCode') return { type: 'string', description: FIELD_NOTES.statusCode };
  if (key === 'terminalId' && out.type === 'integer') out.maximum = 10 ** LIMITS.terminalIdDigits - 1;
  if (key === 'value' && out.type === 'number') out.description ??= 'Greater than 0, at most two decimals.';
  if (key && FIELD_NOTES[key] && out.description === undefined) out.description = FIELD_NOTES[key];
  return out;
}

// ─── Examples: every request example is a valid order (checked by the OpenAPI test with validateOrder).

export const ORDER_EXAMPLES = {
  variantA: {
    summary: 'Variant A: Multibanco reference, card or MB WAY',
    value: {
      merchant: { terminalId: 1000001, channel: 'web', merchantTransactionId: 'order-1001' },
      transaction: {
        transactionTimestamp: '2026-11-21T10:00:00Z',
        description: 'Order 1001',
        moto: false,
        paymentType: 'PURS',
        paymentMethod: ['REFERENCE', 'CARD', 'MBWAY'],
        amount: { value: 10.5, currency: 'EUR' },
        paymentReference: {
          initialDatetime: '2026-11-21T10:00:00Z',
          finalDatetime: '2026-11-24T10:00:00Z',
          maxAmount: { value: 10.5, currency: 'EUR' },
          minAmount: { value: 10.5, currency: 'EUR' },
          entity: '21098',
        },
      },
      customer: {
        customerInfo: { customerName: 'Ana Silva', customerEmail: 'ana@example.com', customerPhone: '+351912345678' },
      },
    },
  },
  variantB: {
    summary: 'Variant B: card, MB WAY and Bancontact',
    value: {
      merchant: { terminalId: 1000002, channel: 'web', merchantTransactionId: 'order-2001' },
      transaction: {
        transactionTimestamp: '2026-11-21T10:00:00+01:00',
        description: 'Order 2001',
        moto: false,
        paymentType: 'AUTH',
        paymentMethod: ['CARD', 'MBWY', 'BNCT'],
        amount: { value: 25, currency: 'EUR' },
      },
      customer: {
        customerInfo: {
          customerName: 'Ana Silva',
          customerEmail: 'ana@example.com',
          customerPhone: '+351912345678',
          customerLanguage: 'pt',
        },
        shippingAddress: { street1: 'Rua A 1', city: 'Lisboa', postcode: '1000-001', country: 'PT' },
      },
      info: { deviceInfo: { browserUserAgent: 'Mozilla/5.0', applicationName: 'Form:shop' } },
    },
  },
} as const;

const SUCCESS = { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' };
const EXECUTION = { startTime: '2026-11-21T10:00:00.120Z', endTime: '2026-11-21T10:00:00.180Z' };
const TX = 's2AbCdEfGhIjKlMnOpQr';

const RESPONSE_EXAMPLES = {
  createA: {
    summary: 'Variant A order created',
    value: {
      returnStatus: SUCCESS,
      transactionID: TX,
      transactionSignature: 'c2lnbmF0dXJlLW9mLXRoZS10cmFuc2FjdGlvbg',
      amount: { value: 10.5, currency: 'EUR' },
      merchant: {
        terminalId: '1000001',
        channel: 'web',
        merchantTransactionId: 'order-1001',
        websiteAddress: 'https://shop.example',
      },
      paymentMethodList: ['REFERENCE', 'CARD', 'MBWAY'],
      expiry: '2026-11-21T10:30:00.000Z',
      execution: EXECUTION,
      formContext: 'eyJpZCI6InMyQWJDZEVmR2hJaktsTW5PcFFyIn0=',
    },
  },
  createB: {
    summary: 'Variant B order created, with the extra step a card needs',
    value: {
      returnStatus: SUCCESS,
      transactionID: TX,
      transactionSignature: 'c2lnbmF0dXJlLW9mLXRoZS10cmFuc2FjdGlvbg',
      amount: { value: 25, currency: 'EUR' },
      merchant: {
        terminalId: '1000002',
        channel: 'web',
        merchantTransactionId: 'order-2001',
        websiteAddress: 'https://shop.example',
      },
      paymentMethodList: ['CARD', 'MBWY', 'BNCT'],
      expiry: '2026-11-21T10:30:00.000Z',
      execution: EXECUTION,
      actionResponse: {
        type: 'REDIRECT',
        data: {
          url: `https://gateway.example/api/v2/payments/${TX}/action`,
          params: [{ name: 'actionToken', value: 'one-time-token' }],
        },
      },
      regulationList: [
        {
          identification: 'acceptance-terms',
          type: 'ACCEPTANCE',
          language: 'pt',
          label: 'Aceito os termos',
          regulationURL: 'https://gateway.example/terms',
        },
      ],
    },
  },
  status: {
    summary: 'MB WAY payment approved',
    value: {
      returnStatus: SUCCESS,
      merchant: { terminalId: '1000001', merchantTransactionId: 'order-1001' },
      transactionID: TX,
      amount: { value: '10.50', currency: 'EUR' },
      paymentType: 'PURS',
      paymentStatus: 'Success',
      paymentMethod: 'MBWAY',
      execution: EXECUTION,
    },
  },
  statusRetry: {
    summary: 'Validation Request Failed: try again',
    value: {
      returnStatus: {
        statusCode: '999',
        statusMsg: 'Validation Request Failed',
        statusDescription: 'The status could not be validated. Please try again.',
      },
      transactionID: TX,
      execution: EXECUTION,
    },
  },
  reference: {
    summary: 'Multibanco reference generated',
    value: {
      returnStatus: SUCCESS,
      transactionID: TX,
      amount: { value: '10.50', currency: 'EUR' },
      paymentType: 'PURS',
      paymentStatus: 'Pending',
      paymentMethod: 'REFERENCE',
      execution: EXECUTION,
      paymentReference: {
        reference: '123456789',
        entity: '21098',
        amount: { value: '10.50', currency: 'EUR' },
        status: 'UNPAID',
        expireDate: '2026-11-24T10:00:00.000Z',
      },
    },
  },
  mbway: {
    summary: 'MB WAY request sent to the shopper',
    value: { returnStatus: SUCCESS, transactionID: TX, paymentStatus: 'Pending', execution: EXECUTION },
  },
} as const;

const ERROR_DESCRIPTIONS: Partial<Record<keyof typeof HTTP_STATUS_MESSAGES, [string, string, string]>> = {
  400: [
    'E0101',
    'The JSON payload does not match the definition, or mandatory HTTP headers are missing.',
    'customer.customerInfo.customerPhone: is required when paymentMethod includes MBWY',
  ],
  401: [
    '401',
    'The credentials are invalid, expired or not tied to the terminal used.',
    'The bearer token is invalid, expired or not tied to the terminal used.',
  ],
  403: [
    '403',
    'The client id header is invalid or has no valid subscription to the API.',
    'The X-Platform-Client-Id header is invalid or has no valid subscription to the API.',
  ],
  404: ['404', 'Unknown transaction, or no operation at this path.', `Transaction ${TX} does not exist.`],
  405: ['405', 'The HTTP method matches no defined operation.', 'GET is not defined for this path; use POST.'],
  409: [
    '409',
    'The transaction is in a state that does not allow the call (final, method not in the order, already paid).',
    'MBWAY is not a payment method of this order.',
  ],
  429: ['429', 'The rate limit is exceeded; Retry-After says when to come back.', 'Rate limit exceeded.'],
  500: ['500', 'Failure most likely on the service side.', 'Internal error.'],
  503: ['T9999', 'The API is temporarily unavailable (scheduled maintenance).', 'Service temporarily unavailable.'],
};

function errorResponses(statuses: ReadonlyArray<keyof typeof HTTP_STATUS_MESSAGES>): Json {
  const out: Json = {};
  for (const status of statuses) {
    const [statusCode, description, example] = ERROR_DESCRIPTIONS[status]!;
    out[String(status)] = {
      description: `${HTTP_STATUS_MESSAGES[status]}: ${description}`,
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorResponse' },
          example: {
            returnStatus: { statusCode, statusMsg: HTTP_STATUS_MESSAGES[status], statusDescription: example },
          },
        },
      },
    };
  }
  return out;
}

const json = (schema: string, examples: Json): Json => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, examples },
});

/** Builds the document; the simulator passes its own URL, base path, version and client-id header name. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  const version = options.version ?? DEFAULT_API_VERSION;
  const clientIdHeader = options.clientIdHeader ?? DEFAULT_CLIENT_ID_HEADER;
  const payments = `${basePath}/${version}/payments`;
  const transactionId = {
    name: 'transactionID',
    in: 'path',
    required: true,
    description: 'The transactionID the create response returned.',
    schema: { type: 'string', maxLength: LIMITS.transactionIdResponse },
    example: TX,
  };
  const withBearer = [{ bearerToken: [], clientId: [] }];
  const withSignature = [{ transactionSignature: [], clientId: [] }];
  const common = [400, 401, 403, 404, 405, 429, 500, 503] as const;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment gateway server-to-server interface',
      version: '2.00',
      summary: 'Create an order, generate a Multibanco reference, request an MB WAY payment, query the status.',
      description:
        'Generated by Gateway Console from the zod schemas it validates with. Request schemas are the strict ones the console checks before sending (refinements such as ISO code lists and two-decimal amounts are in the descriptions); response schemas are lenient, as real answers add fields and mix types. Every call sends Content-Type: application/json (a GET without a body is accepted without it).',
    },
    servers: [
      options.serverUrl
        ? { url: options.serverUrl.replace(/\/+$/, '') }
        : {
            url: '{base_url}',
            variables: { base_url: { default: 'http://127.0.0.1:4010', description: 'The environment’s base URL.' } },
          },
    ],
    security: withBearer,
    tags: [{ name: 'payments' }],
    paths: {
      [payments]: {
        post: {
          operationId: 'createOrder',
          tags: ['payments'],
          summary: 'Create an order (prepare the checkout)',
          description:
            'Variant A terminals accept REFERENCE, CARD, MBWAY and answer formContext; Variant B terminals accept the B codes, require customer and info, and answer a regulationList. The bearer token decides the variant.',
          security: withBearer,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { $ref: '#/components/schemas/OrderVariantA' },
                    { $ref: '#/components/schemas/OrderVariantB' },
                  ],
                },
                examples: ORDER_EXAMPLES,
              },
            },
          },
          responses: {
            '200': {
              description: 'Order created (check returnStatus.statusCode too).',
              content: json('CreateOrderResponse', {
                variantA: RESPONSE_EXAMPLES.createA,
                variantB: RESPONSE_EXAMPLES.createB,
              }),
            },
            ...errorResponses(common.filter((status) => status !== 404)),
          },
        },
      },
      [`${payments}/{transactionID}/service-reference/generate`]: {
        post: {
          operationId: 'generateReference',
          tags: ['payments'],
          summary: 'Generate a Multibanco payment reference (Variant A)',
          description: 'The limits came with the create request’s transaction.paymentReference; the body is {}.',
          security: withSignature,
          parameters: [transactionId],
          requestBody: {
            required: true,
            content: json('ReferenceGenerateRequest', { empty: { summary: 'No fields', value: {} } }),
          },
          responses: {
            '200': {
              description: 'Reference generated; paymentStatus Pending until the shopper pays.',
              content: json('ReferenceGenerateResponse', { generated: RESPONSE_EXAMPLES.reference }),
            },
            ...errorResponses([...common, 409]),
          },
        },
      },
      [`${payments}/{transactionID}/mbway-id/purchase`]: {
        post: {
          operationId: 'mbwayPurchase',
          tags: ['payments'],
          summary: 'Request an MB WAY payment (Variant A)',
          description:
            'The shopper approves in the MB WAY app; the first answer is normally Pending and the result arrives by notification and status query.',
          security: withSignature,
          parameters: [transactionId],
          requestBody: {
            required: true,
            content: json('MbwayPurchaseRequest', {
              approves: { summary: 'A shopper who approves', value: { customerPhone: '351#912345678' } },
            }),
          },
          responses: {
            '200': {
              description: 'Request sent to the shopper.',
              content: json('MbwayPurchaseResponse', { pending: RESPONSE_EXAMPLES.mbway }),
            },
            ...errorResponses([...common, 409]),
          },
        },
      },
      [`${payments}/{transactionID}/status`]: {
        get: {
          operationId: 'getStatus',
          tags: ['payments'],
          summary: 'Get the payment status',
          description: 'The source of truth when a notification and a status disagree. Safe to retry.',
          security: withBearer,
          parameters: [transactionId],
          responses: {
            '200': {
              description: 'The status (statusCode 999: try again).',
              content: json('StatusResponse', {
                paid: RESPONSE_EXAMPLES.status,
                tryAgain: RESPONSE_EXAMPLES.statusRetry,
              }),
            },
            ...errorResponses(common),
          },
        },
      },
    },
    components: {
      schemas: Object.fromEntries(
        Object.keys(SCHEMAS).map((name) => [name, componentSchema(name as keyof typeof SCHEMAS)]),
      ),
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Create order and status: the static token of the terminal (not a JWT).',
        },
        transactionSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Follow-up calls: "Digest <transactionSignature>" with the signature of the create response.',
        },
        clientId: {
          type: 'apiKey',
          in: 'header',
          name: clientIdHeader,
          description: 'The client id issued at onboarding (header name case-insensitive; it differs per deployment).',
        },
      },
    },
  };
}
