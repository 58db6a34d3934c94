// `oclgrind-kernel --dap` with --perf-lints: the lints are notes that reach the IDE as
// standard error (never a stop), and an exception stop is described by the error, not by a
// lint. Expected lines as in tests/golden/perf/odd.ref: fixtures/odd.cl is its kernel, 256
// work-items in sub-groups of 32, the odd lanes of each writing (8 of 8 sub-group executions
// divergent).
'use strict';
const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const t = require('./support');

const PERF = ['--num-threads', '1', '--perf-lints', '--sub-group-size', '32'];
let dc;
let output;
beforeEach(async () => {
  dc = await t.client('oclgrind-kernel');
  output = t.collectOutput(dc);
});
afterEach(async () => {
  await dc.stop();
});

test('performance lints arrive as standard error and nothing stops', async () => {
  const exited = dc.waitForEvent('exited');
  const terminated = dc.waitForEvent('terminated');
  let stops = 0;
  dc.on('stopped', () => { stops += 1; });
  await Promise.all([
    dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()),
    dc.launch(t.sim('odd.sim', { options: PERF })),
  ]);
  assert.equal((await exited).body.exitCode, 0);
  await terminated;
  assert.equal(stops, 0, 'a lint is never a stop');
  const lines = output.stderr.split('\n');
  assert.ok(
    lines.includes('Performance: divergent branch at line 4 of input.cl: 100% of 8 sub-group executions'),
    output.stderr,
  );
  assert.ok(
    lines.includes('Performance: uncoalesced global write at line 5 of input.cl: 4 sectors per request (ideal 2), 8 requests'),
    output.stderr,
  );
  assert.match(output.stderr, /^Performance: kernel 'odd' totals \(sub-group size 32\): /m);
  assert.doesNotMatch(output.stdout, /Performance/, 'the lines are the debuggee\'s standard error');
});

test('an error stops as an exception described by the error, and the lints follow it', async () => {
  const stopped = await t.launchAndStop(dc, t.sim('odd_overrun.sim', { options: PERF }));
  assert.equal(stopped.reason, 'exception');
  assert.match(stopped.description, /^Invalid write of size 4/);
  assert.equal(stopped.threadId, 256, 'Global(255,0,0)');
  const info = (await dc.exceptionInfoRequest({ threadId: stopped.threadId })).body;
  assert.equal(info.exceptionId, 'invalid-write');
  assert.doesNotMatch(info.description || '', /Performance/);
  assert.doesNotMatch(info.details.message, /Performance/);
  // The lints come when the launch has finished (after every group), still no stop.
  let stops = 0;
  dc.on('stopped', () => { stops += 1; });
  assert.equal(await t.runToEnd(dc, stopped.threadId), 0);
  assert.equal(stops, 0);
  assert.match(output.stderr, /Invalid write of size 4/);
  const lints = output.stderr.split('\n').filter((l) => l.startsWith('Performance: '));
  assert.deepEqual(lints.slice(0, 3), [
    'Performance: divergent branch at line 14 of input.cl: 100% of 8 sub-group executions',
    'Performance: uncoalesced global write at line 15 of input.cl: 4 sectors per request (ideal 2), 8 requests',
    'Performance: divergent branch at line 16 of input.cl: 12.5% of 8 sub-group executions',
  ]);
  assert.match(lints[3], /^Performance: kernel 'odd_overrun' totals /);
  assert.ok(
    output.stderr.indexOf('Invalid write') < output.stderr.indexOf('Performance: '),
    'the error before the lints',
  );
});
