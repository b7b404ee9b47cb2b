/**
 * The Sandbox's one-shot test controls, named once for the simulator's control API, the ConsoleApi
 * contract, scenario files and the Scenarios screen: the HTTP status the next gateway call answers
 * (999 = 200 with statusCode 999), and what happens to a transaction's next notification.
 */
export const NEXT_CALL_STATUSES = [400, 401, 403, 404, 405, 409, 429, 500, 503, 999] as const;
export type NextCallStatus = (typeof NEXT_CALL_STATUSES)[number];

export const DELIVERY_CONTROLS = ['failAck', 'duplicate', 'reorder', 'redeliver'] as const;
export type DeliveryControl = (typeof DELIVERY_CONTROLS)[number];
