import { readdir } from 'node:fs/promises';
import { worldIdFor } from '@shared/sandbox-worlds';
import type { SandboxWorlds } from './sandbox-worlds';

/**
 * Scenario runs live in memory: after a restart no run is left on screen to delete a run's world from.
 * At start, main discards the run worlds that no longer have anything of their run — no evidence folder
 * (`qa-evidence/<run id>/`) — and keeps those that do (their evidence is the run's; the Simulator screen's
 * "Discard this world" removes them when the tester is done). Returns the discarded world ids.
 */
export async function discardRunWorldsWithoutEvidence(worlds: SandboxWorlds, evidenceDir: string): Promise<string[]> {
  const withEvidence = new Set<string>();
  for (const entry of await readdir(evidenceDir, { withFileTypes: true }).catch(() => [])) {
    // The folder is named from the run id; its world id is derived from the same id.
    const worldId = entry.isDirectory() ? worldIdFor('run', entry.name) : null;
    if (worldId) withEvidence.add(worldId);
  }
  const discarded: string[] = [];
  for (const world of await worlds.list()) {
    if (world.kind !== 'run' || withEvidence.has(world.id)) continue;
    if (await worlds.close(world.id)) discarded.push(world.id);
  }
  return discarded;
}
