// Types for scripts/system-packages.mjs, so TypeScript tests can import its pure functions.
export declare const REQUIRED: ReadonlyArray<readonly [string, () => boolean]>;
export declare function missingPackages(wanted?: readonly string[]): string[];
export declare function ensureSystemPackages(log?: (line: string) => void, wanted?: readonly string[]): boolean;
export declare function keytarAction(state: {
  binary: boolean;
  headers: boolean;
}): 'ready' | 'reinstall' | 'needs-headers';
export declare function keytarInstallCommand(
  lockText: string,
  manifestText: string,
): { command: string; args: string[]; env: Record<string, string> };
export declare function ensureKeytarBuilt(log?: (line: string) => void): boolean;
