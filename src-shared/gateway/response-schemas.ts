/**
 * Lenient schemas of the gateway's answers, for the SDK to parse with. Real gateways add fields and mix
 * types (docs/gateway-behaviour.md), so every object keeps unknown fields, amounts accept a number or a
 * decimal string, ids accept a number or a string, and only what a caller cannot work without is required.
 */
import { z } from 'zod';
import { rule } from '../rule-text';

/** A number or a decimal string (`"16.20"`, `10.0`). */
export const lenientAmountValue = z.union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/, rule('decimal'))]);
/** Ids seen as a number or a string (`"99978"` / `1000000`). */
export const lenientId = z.union([z.string(), z.number()]);

export const returnStatusSchema = z.looseObject({
  statusCode: z.union([z.string(), z.number().transform(String)]),
  statusMsg: z.string().optional(),
  statusDescription: z.string().optional(),
});
export type ReturnStatus = z.infer<typeof returnStatusSchema>;

export const amountSchema = z.looseObject({ value: lenientAmountValue, currency: z.string() });
export const executionSchema = z.looseObject({ startTime: z.string().optional(), endTime: z.string().optional() });

export const actionParamSchema = z.looseObject({
  name: z.string(),
  // The field table calls the value `data`, the example `value`: accept either.
  value: z.string().optional(),
  data: z.string().optional(),
});
/** actionResponse: `data.url` per the table, `url` directly under actionResponse per the example. */
export const actionResponseSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  url: z.string().optional(),
  params: z.array(actionParamSchema).optional(),
  data: z.looseObject({ url: z.string().optional(), params: z.array(actionParamSchema).optional() }).optional(),
});
export type ActionResponse = z.infer<typeof actionResponseSchema>;

export const regulationSchema = z.looseObject({
  identification: z.string().optional(),
  type: z.string(),
  language: z.string().optional(),
  label: z.string().optional(),
  regulationURL: z.string().optional(),
  logoURL: z.string().optional(),
});

export const responseMerchantSchema = z.looseObject({
  terminalId: lenientId.optional(),
  channel: z.string().optional(),
  merchantTransactionId: z.string().optional(),
  transactionDescription: z.string().optional(),
  websiteAddress: z.string().optional(),
  shopURL: z.string().optional(),
});

export const createOrderResponseSchema = z.looseObject({
  returnStatus: returnStatusSchema,
  transactionID: z.string().optional(),
  transactionSignature: z.string().optional(),
  amount: amountSchema.optional(),
  merchant: responseMerchantSchema.optional(),
  actionResponse: actionResponseSchema.optional(),
  paymentMethodList: z.array(z.string()).optional(),
  tokenList: z.array(z.unknown()).optional(),
  expiry: z.string().optional(),
  execution: executionSchema.optional(),
  regulationList: z.array(regulationSchema).optional(),
  formContext: z.string().optional(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const statusResponseSchema = z.looseObject({
  returnStatus: returnStatusSchema,
  merchant: responseMerchantSchema.optional(),
  transactionID: z.string().optional(),
  amount: amountSchema.optional(),
  paymentType: z.string().optional(),
  // Kept as a string: an unknown status must be shown, not rejected.
  paymentStatus: z.string().optional(),
  paymentMethod: z.string().optional(),
  transactionDateTime: z.string().optional(),
  execution: executionSchema.optional(),
  actionResponse: actionResponseSchema.optional(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

export const paymentReferenceResultSchema = z.looseObject({
  reference: lenientId.optional(),
  entity: lenientId.optional(),
  paymentEntity: lenientId.optional(),
  amount: amountSchema.optional(),
  status: z.string().optional(),
  expireDate: z.string().optional(),
});

export const referenceGenerateResponseSchema = statusResponseSchema.extend({
  paymentReference: paymentReferenceResultSchema.optional(),
});
export type ReferenceGenerateResponse = z.infer<typeof referenceGenerateResponseSchema>;

export const mbwayPurchaseResponseSchema = z.looseObject({
  returnStatus: returnStatusSchema,
  transactionID: z.string().optional(),
  paymentStatus: z.string().optional(),
  execution: executionSchema.optional(),
});
export type MbwayPurchaseResponse = z.infer<typeof mbwayPurchaseResponseSchema>;

/** Pulls url and params out of either actionResponse shape. */
export function readActionResponse(action: ActionResponse): {
  url?: string;
  params: { name: string; value: string }[];
} {
  const url = action.data?.url ?? action.url;
  const params = (action.data?.params ?? action.params ?? []).map((param) => ({
    name: param.name,
    value: param.value ?? param.data ?? '',
  }));
  return url === undefined ? { params } : { url, params };
}
