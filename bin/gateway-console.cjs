#!/usr/bin/env node
// The `gateway-console` command: the built CLI (run `npm run build` once after installing).
require('../out/main/cli.js');
