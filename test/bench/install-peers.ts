/** `npm run bench:peers:install`: installs the benchmark peers (Prism) ahead of a bench run; see peer-processes.ts. */
import { ensurePrism } from './peer-processes';

process.stdout.write(`Prism for the benchmarks: ${ensurePrism((line) => process.stdout.write(`${line}\n`))}\n`);
