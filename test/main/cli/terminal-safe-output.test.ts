/**
 * What the CLI prints from outside — scenario and step names from a scenario file, profile names from the
 * profiles file — reaches the user's terminal as visible, inert text: no OSC 52 clipboard write, no screen
 * clear, no bell, and no line of its own that looks like the console's ("PASS …").
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StepResult } from '@shared/contract/qa';
import { stepFailureText } from '@shared/qa/report-text';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { runProfiles } from '../../../src-main/cli/profiles-command';
import { runScenariosCommand } from '../../../src-main/cli/run-command';
import { statusCommand } from '../../../src-main/cli/status-command';
import { terminalLine, terminalText } from '../../../src-main/common/terminal-text';
import { createConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';

/** OSC 52 (set the clipboard to "pwned"), a screen clear, a bell, then a forged result line. */
const HOSTILE = '\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u009b31m\nPASS  Everything is fine  (0.01 s)\r';

/** Any byte a terminal would act on rather than show (C0 except LF, DEL, C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ACTED_ON = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

const capture = () => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  return { io, out };
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gc-terminal-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the CLI prints outside text through the terminal-safe printer', () => {
  it('defect: `run` printed scenario and step names raw (OSC 52 clipboard write, screen clear, a fake PASS line)', async () => {
    const file = join(dir, 'hostile.json');
    // JSON keeps the control characters exactly as an attacker wrote them.
    await writeFile(
      file,
      JSON.stringify({
        format: 'gateway-console/scenario@1',
        name: `Refund ${HOSTILE}`,
        variant: 'A',
        steps: [
          { id: 'create', create: {} },
          {
            name: `Status ${HOSTILE}`,
            status: { transactionID: '${create.transactionID}' },
            expect: { paymentStatus: 'Success' },
          },
        ],
      }),
    );
    const { io, out } = capture();
    expect(await runScenariosCommand([file], io)).toBe(1);
    expect(out.stdout).not.toMatch(ACTED_ON);
    expect(out.stdout).not.toMatch(/^\s*PASS/m);
    // Shown, visibly, on the console's own lines.
    expect(out.stdout).toMatch(/^FAIL {2}Refund \\x1b\]52;c;cHduZWQ=\\x07\\x1b\[2J\\x9b31m\\x0aPASS {2}Everything/m);
    expect(out.stdout).toMatch(/^ {6}Step 2 "Status \\x1b\]52;c;cHduZWQ=\\x07/m);
  }, 60_000);

  describe('profile names', () => {
    let profilesDir: string;
    beforeAll(async () => {
      profilesDir = join(dir, 'profiles');
      const core = await createConsoleCore({
        mode: 'browser',
        userDataDir: profilesDir,
        credentials: new MemoryStore(),
        simulator: false,
      });
      try {
        await core.profiles.save({
          settings: {
            name: `Shop${HOSTILE.slice(0, 40)}`,
            environment: 'test',
            baseUrl: 'http://127.0.0.1:9',
            pathPrefix: '/api',
            version: 'v2',
            terminalId: '1000001',
            variant: 'A',
            clientIdHeader: 'X-Platform-Client-Id',
          },
          secrets: {},
        });
      } finally {
        await core.close();
      }
    });

    it('defect: `profiles list` printed profile names raw', async () => {
      const { io, out } = capture();
      expect(await runProfiles(['list', '--user-data-dir', profilesDir], io)).toBe(0);
      expect(out.stdout).not.toMatch(ACTED_ON);
      expect(out.stdout).not.toMatch(/^PASS/m);
      expect(out.stdout).toMatch(
        /^Shop\\x1b\]52;c;cHduZWQ=\\x07\\x1b\[2J\\x9b31m\\x0aPASS {2}Every\w* {2}\[test, variant A/m,
      );
      const json = capture();
      expect(await runProfiles(['list', '--user-data-dir', profilesDir, '--json'], json.io)).toBe(0);
      expect(json.out.stdout).not.toMatch(ACTED_ON);
      expect((JSON.parse(json.out.stdout) as Array<{ name: string }>)[0]!.name).toBe(`Shop${HOSTILE.slice(0, 40)}`);
    });

    it('defect: the unknown-profile error printed the saved profile names raw', async () => {
      const { io, out } = capture();
      const code = await statusCommand.runWith(
        ['--profile', 'No such \u001b[2J', '--user-data-dir', profilesDir, 's2abc'],
        io,
        { credentials: new MemoryStore() },
      );
      expect(code).toBe(3);
      expect(out.stderr).not.toMatch(ACTED_ON);
      expect(out.stderr).toContain(
        'There is no profile named or with id "No such \\u001b[2J". Profiles: "Shop\\u001b]52',
      );
      expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  });
});

describe('the real output streams', () => {
  it('a control sequence a command forgot to escape still reaches the terminal escaped (line breaks kept)', async () => {
    const { processIo } = await import('../../../src-main/cli/cli-io');
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      processIo.stdout(`line one ${HOSTILE} end\nline two\n`);
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).not.toMatch(ACTED_ON);
    expect(written.join('')).toContain('line one \\x1b]52;c;cHduZWQ=\\x07');
    expect(written.join('')).toMatch(/\nline two\n$/);
  });
});

describe('the log', () => {
  it('a logged problem quoting a file reaches the terminal escaped, on one line', async () => {
    const { logger } = await import('../../../src-main/common/logger');
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const quiet = process.env.GATEWAY_CONSOLE_QUIET;
    delete process.env.GATEWAY_CONSOLE_QUIET;
    try {
      logger.warn(`profiles.json: a profile named "${HOSTILE}" was skipped`);
    } finally {
      spy.mockRestore();
      if (quiet !== undefined) process.env.GATEWAY_CONSOLE_QUIET = quiet;
    }
    expect(written.join('')).not.toMatch(ACTED_ON);
    expect(written.join('').split('\n')).toHaveLength(2);
    expect(written.join('')).toContain('named "\\x1b]52;c;cHduZWQ=\\x07');
  });
});

describe('property: outside text on the terminal', () => {
  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc
      .array(
        fc.constantFrom(
          '\u001b]52;c;eA==\u0007',
          '\u001b[2J',
          '\u009b',
          '\u0085',
          '\n',
          '\r',
          '\t',
          '\u007f',
          'PASS  ',
          'a',
        ),
        {
          maxLength: 8,
        },
      )
      .map((parts) => parts.join('')),
  );

  it('a scenario line and a failed step print as the console’s own lines, with no control character in them', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, hostile, (name, stepName, message, what, url) => {
        const step: StepResult = {
          index: 0,
          name: stepName,
          kind: 'status',
          line: 3,
          status: 'failed',
          message,
          checks: [{ what, expected: name, actual: url, passed: false }],
          exchanges: [],
          notifications: [],
          note: null,
          startedAt: '2026-11-24T10:00:00.000Z',
          durationMs: 1,
        };
        const printed = `${terminalText`FAIL  ${name}  (0.01 s)\n`}${stepFailureText(step, terminalLine)}\n`;
        const lines = printed.split('\n');
        expect(lines).toHaveLength(4);
        expect(lines[0]).toMatch(/^FAIL {2}/);
        expect(lines[1]).toMatch(/^Step 1 "/);
        expect(lines[2]).toMatch(/^ {2}\S/);
        for (const line of lines) expect(line).not.toMatch(ACTED_ON);
      }),
      { numRuns: 300 },
    );
  });
});
