import type { DEVICE_INFO_FIELDS } from '@shared/gateway/order-schema';
import type { Variant } from '@shared/gateway/codes';
import type { Json } from './draft-paths';
import { defaultOrder, orderTimestamp } from '@shared/gateway/default-order';

/** Unique enough for a test console, and within the 36 characters the gateway echoes back. */
export function generateMerchantTransactionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `GC-${stamp}-${random}`;
}

/** ISO 8601 with an offset (Z), to the second: the form the schema and the gateway accept. */
export const nowTimestamp = (now = new Date()): string => orderTimestamp(now);

export type DeviceInfo = Partial<Record<(typeof DEVICE_INFO_FIELDS)[number], string>>;

/** What the browser can tell about itself (spec: info.deviceInfo, every value a string). */
export function browserDeviceInfo(win: Window = window): DeviceInfo {
  const nav = win.navigator;
  const screen = win.screen;
  const platform =
    (nav as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? nav.platform;
  return {
    browserAcceptHeader: 'application/json, text/plain, */*',
    browserJavaEnabled: 'false',
    browserJavascriptEnabled: 'true',
    browserLanguage: nav.language,
    browserColorDepth: String(screen?.colorDepth ?? 24),
    browserScreenHeight: String(screen?.height ?? 0),
    browserScreenWidth: String(screen?.width ?? 0),
    browserTZ: String(-new Date().getTimezoneOffset()),
    browserUserAgent: nav.userAgent,
    ...(platform ? { systemFamily: platform } : {}),
    applicationName: 'Form:GatewayConsole',
    applicationVersion: '1.0:1.0',
  };
}

/**
 * A draft that passes validation as it stands: the first-run "Create a test order" and a fresh
 * builder start here, with the active profile's terminal.
 */
export function defaultDraft(variant: Variant, terminalId: string, now = new Date()): Json {
  return defaultOrder({
    variant,
    terminalId,
    merchantTransactionId: generateMerchantTransactionId(now),
    at: now,
    transactionDescription: 'Gateway Console test order',
    description: 'Test order',
    deviceInfo: variant === 'B' ? browserDeviceInfo() : {},
  });
}
