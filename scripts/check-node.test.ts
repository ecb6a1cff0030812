import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { nodeProblem, wantedMajor } from './check-node.cjs';

test('Node 24 and newer may run; an older one is told which Node and the README’s way to it', () => {
  expect(nodeProblem('v24.0.0', 24)).toBeUndefined();
  expect(nodeProblem('v26.1.0', 24)).toBeUndefined();
  const message = nodeProblem('v20.20.2', 24, 'prestart');
  expect(message).toContain('Threadbook needs Node.js 24 or newer; this is Node.js v20.20.2.');
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  for (const command of [
    'npm i --prefix ~/.cache/threadbook-node node@24',
    'export PATH=~/.cache/threadbook-node/node_modules/.bin:$PATH',
  ]) {
    expect(message).toContain(`\n  ${command}\n`);
    expect(readme).toContain(command);
  }
  expect(message).toMatch(/Then run the command again\.$/);
});

test('run as the preinstall (after npm installed the packages with the old Node), it asks for a rebuild', () => {
  expect(nodeProblem('v22.12.0', 24, 'preinstall')).toMatch(/Then run `npm rebuild && npm install`/);
});

test("the wanted major is package.json's engines.node", () => {
  expect(wantedMajor('>=24')).toBe(24);
  const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines;
  expect(wantedMajor(engines.node)).toBe(24);
  expect(() => wantedMajor('^24')).toThrow('engines.node is not of the form ">=N": ^24');
});
