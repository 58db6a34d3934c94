// What the DAP tests share: a DebugClient on `oclgrind-kernel --dap` or `oclgrind --dap`
// (from OCLGRIND_BIN, the build's directory), the fixtures, and small assertions.
'use strict';
const path = require('node:path');
const assert = require('node:assert/strict');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const BIN = process.env.OCLGRIND_BIN || path.resolve(__dirname, '../../../target/debug');
const FIXTURES = path.resolve(__dirname, '../fixtures');
const fixture = (name) => path.join(FIXTURES, name);

/** A started client of `<command> --dap`; `stop()` it after the test. */
async function client(command) {
  const dc = new DebugClient(path.join(BIN, command), '--dap', 'oclgrind', { cwd: FIXTURES }, true);
  dc.defaultTimeout = 30000;
  await dc.start();
  return dc;
}

/** Launch arguments for a `.sim` fixture, one worker thread so that groups run in order. */
function sim(name, extra = {}) {
  return { program: fixture(name), cwd: FIXTURES, options: ['--num-threads', '1'], ...extra };
}

/** Initialises, launches with `args` after setting breakpoints with `configure`, and waits
 * for the first `stopped` event (returned). */
async function launchAndStop(dc, args, configure = async () => {}) {
  const stopped = dc.waitForEvent('stopped');
  await Promise.all([
    dc.waitForEvent('initialized').then(async () => {
      await configure();
      await dc.configurationDoneRequest();
    }),
    dc.launch(args),
  ]);
  return (await stopped).body;
}

/** Sends a request that runs the kernel on (`continue`, `next`, ...) and returns the next
 * `stopped` event's body. The wait starts first: the event may come in the same read as the
 * response. */
async function runTo(dc, command, args) {
  const stopped = dc.waitForEvent('stopped');
  await dc.customRequest(command, args);
  return (await stopped).body;
}

/** The frames of the stopped thread. */
async function frames(dc, threadId) {
  return (await dc.stackTraceRequest({ threadId })).body.stackFrames;
}

/** The variables of a scope of a frame, by name, as { value, type, variablesReference, ... }. */
async function scope(dc, frameId, name) {
  const scopes = (await dc.scopesRequest({ frameId })).body.scopes;
  const found = scopes.find((s) => s.name === name);
  assert.ok(found, `no scope ${name} in ${scopes.map((s) => s.name)}`);
  return variables(dc, found.variablesReference);
}

async function variables(dc, variablesReference) {
  const list = (await dc.variablesRequest({ variablesReference })).body.variables;
  return Object.fromEntries(list.map((v) => [v.name, v]));
}

async function evaluate(dc, expression, frameId, context = 'watch') {
  return (await dc.evaluateRequest({ expression, frameId, context })).body;
}

/** Collects the session's output by category from now on. */
function collectOutput(dc) {
  const output = { stdout: '', stderr: '', console: '' };
  dc.on('output', (e) => { output[e.body.category] = (output[e.body.category] || '') + e.body.output; });
  return output;
}

/** Continues (when given a thread) and waits for the end of the session: the exit code. */
async function runToEnd(dc, threadId) {
  const exited = dc.waitForEvent('exited');
  const terminated = dc.waitForEvent('terminated');
  if (threadId !== undefined) await dc.continueRequest({ threadId });
  const code = (await exited).body.exitCode;
  await terminated;
  return code;
}

module.exports = { BIN, FIXTURES, fixture, client, sim, launchAndStop, frames, scope, variables, evaluate, collectOutput, runTo, runToEnd };
