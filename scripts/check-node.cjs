'use strict';
// Whether this Node can run Threadbook, else what to do. CommonJS in the syntax of old Nodes, as the one
// file here an old Node must be able to run: to say so instead of failing later on a .ts file.

/** The README's way to Node `major`: from the npm registry into a folder of its own, first on PATH. */
function installCommands(major) {
  return [
    'npm i --prefix ~/.cache/threadbook-node node@' + major,
    'export PATH=~/.cache/threadbook-node/node_modules/.bin:$PATH',
  ];
}

/** The major version `engines.node` asks for ('>=24' -> 24). */
function wantedMajor(enginesNode) {
  const match = /^>=\s*(\d+)/.exec(enginesNode);
  if (!match) throw new Error('engines.node is not of the form ">=N": ' + enginesNode);
  return Number(match[1]);
}

/**
 * Undefined when Node `version` ('v20.20.2') is new enough, else the message. Run as npm's preinstall,
 * npm has already installed the packages with this Node (npm 7 and later run it after them), so their
 * native parts want building again under the new one.
 */
function nodeProblem(version, wanted, lifecycleEvent) {
  const major = Number(/^v?(\d+)/.exec(version)[1]);
  if (major >= wanted) return undefined;
  const then =
    lifecycleEvent === 'preinstall'
      ? 'Then run `npm rebuild && npm install`: this Node built what npm installed so far.'
      : 'Then run the command again.';
  return [
    'Threadbook needs Node.js ' + wanted + ' or newer; this is Node.js ' + version + '.',
    'Get Node ' + wanted + ' from the npm registry into a folder of its own and put it first on your PATH:',
    '',
  ]
    .concat(installCommands(wanted).map((command) => '  ' + command))
    .concat(['', then])
    .join('\n');
}

module.exports = { nodeProblem, wantedMajor };

if (require.main === module) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, for the old Nodes it is for
  const engines = require('../package.json').engines;
  const problem = nodeProblem(process.version, wantedMajor(engines.node), process.env.npm_lifecycle_event);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
}
