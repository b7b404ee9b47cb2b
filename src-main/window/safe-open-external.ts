import { shell } from 'electron';

/**
 * The one chokepoint for opening anything outside the app (architecture rule 10): only http(s) URLs, parsed
 * first, so a page can never make the OS open `file:`, `smb:` or a custom protocol handler.
 */
export async function safeOpenExternal(url: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  await shell.openExternal(parsed.toString());
  return true;
}
