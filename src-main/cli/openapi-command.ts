import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { buildOpenApiDocument } from '@shared/gateway/openapi';
import { processIo, type CliIo } from './cli-io';
import { EXIT_USAGE } from './exit-codes';
import type { CliCommand } from './cli-command';

const USAGE = `Usage: gateway-console openapi [--out FILE] [--server URL] [--base-path PATH] [--version V] [--client-id-header NAME]

Prints the gateway interface as an OpenAPI 3.1 document (JSON), generated from the schemas the console
validates with: every endpoint, header, request and response body, error body, both variants, examples.
Import it into Postman, Insomnia or a code generator. The simulator serves the same document at /openapi.json.

  --out FILE               write it to FILE instead of stdout
  --server URL             the server URL in the document (default: a {base_url} variable)
  --base-path PATH         path prefix before /{version}/payments (default /api)
  --version V              interface version segment (default v2)
  --client-id-header NAME  name of the client-id header (default X-Platform-Client-Id)`;

export async function runOpenApi(args: string[], io: CliIo = processIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        out: { type: 'string' },
        server: { type: 'string' },
        'base-path': { type: 'string' },
        version: { type: 'string' },
        'client-id-header': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.server !== undefined && !/^https?:\/\/[^/]/i.test(values.server)) {
    io.stderr(`--server must be an absolute http(s) URL, got "${values.server}".\n`);
    return EXIT_USAGE;
  }
  const text = `${JSON.stringify(
    buildOpenApiDocument({
      ...(values.server ? { serverUrl: values.server } : {}),
      ...(values['base-path'] !== undefined ? { basePath: values['base-path'] } : {}),
      ...(values.version ? { version: values.version } : {}),
      ...(values['client-id-header'] ? { clientIdHeader: values['client-id-header'] } : {}),
    }),
    null,
    2,
  )}\n`;
  if (!values.out) {
    io.stdout(text);
    return 0;
  }
  try {
    await writeFile(values.out, text);
  } catch (error) {
    io.stderr(`Could not write ${values.out}: ${(error as Error).message}\n`);
    return 1;
  }
  io.stderr(`OpenAPI 3.1 document written to ${values.out}\n`);
  return 0;
}

export const openApiCommand: CliCommand = {
  summary: 'Print the gateway interface as an OpenAPI 3.1 document',
  run: (args) => runOpenApi(args),
};
