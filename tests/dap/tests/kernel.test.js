// `oclgrind-kernel --dap` on .sim files, through Microsoft's DebugClient. Expected values are
// derived by hand from fixtures/scale.cl (comments say how).
'use strict';
const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const t = require('./support');

const SCALE = t.fixture('scale.cl');
let dc;
let output;
beforeEach(async () => {
  dc = await t.client('oclgrind-kernel');
  output = t.collectOutput(dc);
});
afterEach(async () => {
  await dc.stop();
});

test('a breakpoint in a helper: its frames, stepping out and in', async () => {
  await dc.hitBreakpoint(t.sim('scale.sim'), { path: SCALE, line: 7 });
  // The first call of scaled, from the loop at line 21 of the kernel.
  const stack = await t.frames(dc, 1);
  assert.deepEqual(stack.map((f) => [f.name, f.line, f.source.path]), [
    ['scaled', 7, SCALE],
    ['scale', 21, SCALE],
  ]);
  const args = await t.scope(dc, stack[0].id, 'Arguments');
  // in[0] = 1; steps[0] * p.weight = 1 * 0.5.
  assert.equal(args.x.value, '1');
  assert.equal(args.factor.value, '0.5');
  // The kernel's frame, looked at last, does not change where steps go from.
  await t.scope(dc, stack[1].id, 'Locals');
  // Over line 7 to line 8: y is x * factor.
  assert.equal((await t.runTo(dc, 'next', { threadId: 1 })).reason, 'step');
  const [at8] = await t.frames(dc, 1);
  assert.equal(at8.line, 8);
  assert.equal((await t.evaluate(dc, 'y', at8.id)).result, '0.5');
  assert.equal((await t.runTo(dc, 'stepOut', { threadId: 1 })).reason, 'step');
  const out = await t.frames(dc, 1);
  assert.deepEqual(out.map((f) => [f.name, f.line, f.source.path]), [['scale', 21, SCALE]]);
  // Back in the loop: stepping in reaches scaled again, in the next iteration.
  let frames;
  for (let i = 0; i < 4; i++) {
    await t.runTo(dc, 'stepIn', { threadId: 1 });
    frames = await t.frames(dc, 1);
    if (frames[0].name === 'scaled') break;
  }
  assert.equal(frames[0].name, 'scaled');
  const again = await t.scope(dc, frames[0].id, 'Arguments');
  assert.equal(again.factor.value, '1');
});

test('a condition, a hit count and a logpoint', async () => {
  // factor is steps[i] * 0.5: 0.5, 1, 1.5 in each work-item; the condition holds the third time.
  const stopped = await t.launchAndStop(dc, t.sim('scale.sim'), () =>
    dc.setBreakpointsRequest({ source: { path: SCALE }, breakpoints: [{ line: 7, condition: 'factor > 1.0f' }] }));
  assert.equal(stopped.reason, 'breakpoint');
  const [frame] = await t.frames(dc, stopped.threadId);
  assert.equal((await t.evaluate(dc, 'factor', frame.id)).result, '1.5');
  assert.equal((await t.evaluate(dc, 'x', frame.id)).result, '1');
  // From the fifth hit on (this was the first: the engine stops only where the condition
  // holds): work-item 1's three calls are hits 2 to 4, work-item 2's first call the fifth,
  // with x = in[2] = 3 and factor = 1 * 0.5.
  await dc.setBreakpointsRequest({ source: { path: SCALE }, breakpoints: [{ line: 7, hitCondition: '>= 5' }] });
  const fifth = await t.runTo(dc, 'continue', { threadId: stopped.threadId });
  assert.equal(fifth.reason, 'breakpoint');
  assert.equal(fifth.threadId, 3, 'work-item 2 is thread 3');
  const [f5] = await t.frames(dc, 3);
  assert.equal((await t.evaluate(dc, 'x', f5.id)).result, '3');
  assert.equal((await t.evaluate(dc, 'factor', f5.id)).result, '0.5');
  // A logpoint prints and never stops: work-item 2 calls scaled twice more, then work-items 3
  // to 7 three times each.
  await dc.setBreakpointsRequest({ source: { path: SCALE }, breakpoints: [{ line: 7, logMessage: 'x={x} factor={factor}' }] });
  assert.equal(await t.runToEnd(dc, 3), 0);
  const lines = output.console.trim().split('\n');
  assert.equal(lines.length, 2 + 5 * 3);
  assert.deepEqual(lines.slice(0, 5), ['x=3 factor=1', 'x=3 factor=1.5', 'x=4 factor=0.5', 'x=4 factor=1', 'x=4 factor=1.5']);
  // The kernel's results are unchanged: out[0] = tile[1] + hits[0] = (2 * 3 + 2) + 0.
  assert.match(output.stdout, /out\[0\] = 8\n/);
});

test('stop on entry and a function breakpoint on the kernel', async () => {
  const entry = await t.launchAndStop(dc, t.sim('scale.sim', { stopOnEntry: true }));
  assert.equal(entry.reason, 'entry');
  const [first] = await t.frames(dc, entry.threadId);
  assert.equal(first.name, 'scale');
  assert.equal(first.line, 13);
  assert.equal(first.source.path, SCALE);
  // Out of the kernel there is nowhere to go: the engine refuses, the work-item stays.
  assert.equal((await t.runTo(dc, 'stepOut', { threadId: entry.threadId })).threadId, entry.threadId);
  assert.match(output.console, /"finish" not meaningful in the outermost frame/);
  assert.equal((await t.frames(dc, entry.threadId))[0].line, 13);
  assert.equal(await t.runToEnd(dc, entry.threadId), 0);
});

test('a function breakpoint stops at the kernel\'s first line', async () => {
  const stopped = await t.launchAndStop(dc, t.sim('scale.sim'), () =>
    dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'scale' }] }));
  assert.equal(stopped.reason, 'function breakpoint');
  assert.equal((await t.frames(dc, stopped.threadId))[0].line, 13);
});

test('variables of each kind, local memory, setVariable and evaluate', async () => {
  await dc.hitBreakpoint(t.sim('scale.sim'), { path: SCALE, line: 22 });
  const [frame] = await t.frames(dc, 1);
  const locals = await t.scope(dc, frame.id, 'Locals');
  assert.equal(locals.gid.value, '0');
  assert.equal(locals.sum.value, '3', '1 * 0.5 + 1 * 1 + 1 * 1.5');
  // A struct, an array and a vector have parts.
  const p = await t.variables(dc, locals.p.variablesReference);
  assert.deepEqual([p.count.value, p.weight.value], ['0', '0.5']);
  const steps = await t.variables(dc, locals.steps.variablesReference);
  assert.deepEqual(Object.values(steps).map((v) => v.value), ['1', '2', '3']);
  const v = await t.variables(dc, locals.v.variablesReference);
  assert.deepEqual(Object.values(v).map((c) => c.value), ['1', '2', '3', '4']);
  // A pointer's target.
  const args = await t.scope(dc, frame.id, 'Arguments');
  assert.equal(args.n.value, '8');
  assert.ok(args.in.memoryReference.startsWith('global:'), args.in.memoryReference);
  const target = Object.values(await t.variables(dc, args.in.variablesReference));
  assert.equal(target[0].value, '1');
  // The work-group's local memory: the kernel's array and the local argument's buffer.
  const local = await t.scope(dc, frame.id, 'Local memory');
  assert.ok('hits' in local && 'tile' in local, Object.keys(local).join());
  // Private memory through the struct's reference: p.count = 0, p.weight = 0.5.
  const pm = (await dc.customRequest('readMemory', { memoryReference: locals.p.memoryReference, count: 8 })).body;
  const bytes = Buffer.from(pm.data, 'base64');
  assert.ok(locals.p.memoryReference.startsWith('private:'), locals.p.memoryReference);
  assert.deepEqual([bytes.readInt32LE(0), bytes.readFloatLE(4)], [0, 0.5]);
  // Hover and watch.
  assert.equal((await t.evaluate(dc, 'p.weight * 4', frame.id, 'hover')).result, '2');
  await assert.rejects(t.evaluate(dc, 'nosuch', frame.id), /No symbol "nosuch" in current context/);
  // The REPL takes the line mode's commands.
  assert.equal((await t.evaluate(dc, 'print gid', frame.id, 'repl')).result, 'gid = 0');
  assert.match((await t.evaluate(dc, 'info args', frame.id, 'repl')).result, /^n = 8$/m);
  // A private value set here is what the kernel computes with: tile[0] = 100 + v.y, which
  // work-item 3 reads: out[3] = tile[0] + hits[3] = 102 + 3.
  const set = (await dc.setVariableRequest({ variablesReference: (await dc.scopesRequest({ frameId: frame.id })).body.scopes[0].variablesReference, name: 'sum', value: '100' })).body;
  assert.equal(set.value, '100');
  assert.equal((await t.evaluate(dc, 'sum + 1', frame.id)).result, '101');
  await dc.setBreakpointsRequest({ source: { path: SCALE }, breakpoints: [] });
  assert.equal(await t.runToEnd(dc, 1), 0);
  assert.match(output.stdout, /out\[3\] = 105\n/);
});

test('memory: read through a pointer\'s reference, write, and see the kernel use it', async () => {
  await dc.hitBreakpoint(t.sim('scale.sim'), { path: SCALE, line: 13 });
  const [frame] = await t.frames(dc, 1);
  const args = await t.scope(dc, frame.id, 'Arguments');
  const read = (await dc.customRequest('readMemory', { memoryReference: args.in.memoryReference, count: 8 })).body;
  const floats = new Float32Array(new Uint8Array(Buffer.from(read.data, 'base64')).buffer);
  assert.deepEqual(Array.from(floats), [1, 2]);
  // in[1] = 10: work-item 1's sum becomes 10 * 3 = 30, tile[1] = 32, and out[0] = tile[1] + 0.
  const ten = Buffer.from(new Float32Array([10]).buffer).toString('base64');
  const wrote = (await dc.customRequest('writeMemory', { memoryReference: args.in.memoryReference, offset: 4, data: ten })).body;
  assert.equal(wrote.bytesWritten, 4);
  await dc.setBreakpointsRequest({ source: { path: SCALE }, breakpoints: [] });
  assert.equal(await t.runToEnd(dc, 1), 0);
  assert.match(output.stdout, /out\[0\] = 32\n/);
});

test('disassembly: the LLVM IR around a frame\'s instruction, with source lines', async () => {
  await dc.hitBreakpoint(t.sim('scale.sim'), { path: SCALE, line: 7 });
  const [frame] = await t.frames(dc, 1);
  const listing = (await dc.disassembleRequest({ memoryReference: frame.instructionPointerReference, instructionOffset: -2, instructionCount: 6 })).body.instructions;
  assert.equal(listing.length, 6);
  const current = listing[2];
  assert.equal(current.address, frame.instructionPointerReference);
  assert.match(current.instruction, /fmul|load|call|alloca|store/);
  assert.ok(listing.some((i) => i.line === 7), JSON.stringify(listing));
  // Before the function's first instruction there is none.
  const start = (await dc.disassembleRequest({ memoryReference: frame.instructionPointerReference, instructionOffset: -1000, instructionCount: 1 })).body.instructions;
  assert.equal(start[0].presentationHint, 'invalid');
});

test('threads: the started work-items of the group, and switching to another group', async () => {
  await dc.hitBreakpoint(t.sim('scale.sim'), { path: SCALE, line: 25 });
  // Line 25 follows the barrier: every work-item of group 0 has started.
  const threads = (await dc.threadsRequest()).body.threads;
  // The group's local memory after the barrier: hits[lid] = gid, tile[lid] = 3 * in[gid] + 2.
  const [frame] = await t.frames(dc, 1);
  const local = await t.scope(dc, frame.id, 'Local memory');
  const parts = async (v) => Object.values(await t.variables(dc, v.variablesReference)).map((c) => c.value);
  assert.deepEqual(await parts(local.hits), ['0', '1', '2', '3']);
  assert.deepEqual(await parts(local.tile), ['5', '8', '11', '14']);
  // The same through local memory's reference.
  assert.ok(local.hits.memoryReference.startsWith('local:'), local.hits.memoryReference);
  const lm = (await dc.customRequest('readMemory', { memoryReference: local.hits.memoryReference, count: 16 })).body;
  assert.deepEqual(Array.from(new Int32Array(new Uint8Array(Buffer.from(lm.data, 'base64')).buffer)), [0, 1, 2, 3]);
  assert.deepEqual(threads.map((th) => th.name), [0, 1, 2, 3].map((i) => `Global(${i},0,0) Local(${i},0,0)`));
  const exited = dc.waitForEvent('thread');
  const switched = dc.waitForEvent('stopped');
  const answer = await t.evaluate(dc, 'workitem 5', undefined, 'repl');
  assert.match(answer.result, /5/);
  assert.equal((await exited).body.reason, 'exited');
  const stop = (await switched).body;
  assert.equal(stop.threadId, 6, 'Global(5,0,0)');
  const names = (await dc.threadsRequest()).body.threads.map((th) => th.name);
  assert.ok(names.includes('Global(5,0,0) Local(1,0,0)'), names.join());
});

test('a MemCheck report stops at the work-item, as an exception', async () => {
  const stopped = await t.launchAndStop(dc, t.sim('overrun.sim'));
  assert.equal(stopped.reason, 'exception');
  assert.match(stopped.description, /Invalid read of size 4/);
  assert.equal(stopped.threadId, 4, 'Global(3,0,0)');
  const [frame] = await t.frames(dc, stopped.threadId);
  assert.equal(frame.line, 5);
  const info = (await dc.exceptionInfoRequest({ threadId: stopped.threadId })).body;
  assert.equal(info.exceptionId, 'invalid-read');
  assert.match(info.details.message, /Kernel: overrun/);
  assert.match(info.details.message, /At line 5 \(column \d+\) of input.cl/);
  assert.equal(await t.runToEnd(dc, stopped.threadId), 0);
  assert.match(output.stderr, /Invalid read of size 4/);
});

test('with the diagnostics filter off, reports do not stop', async () => {
  const exited = dc.waitForEvent('exited');
  let stops = 0;
  dc.on('stopped', () => { stops += 1; });
  await Promise.all([
    dc.waitForEvent('initialized').then(async () => {
      await dc.setExceptionBreakpointsRequest({ filters: [] });
      await dc.configurationDoneRequest();
    }),
    dc.launch(t.sim('overrun.sim')),
  ]);
  assert.equal((await exited).body.exitCode, 0);
  assert.equal(stops, 0);
  assert.match(output.stderr, /Invalid read of size 4/);
});

test('a data race stops as an exception', async () => {
  const stopped = await t.launchAndStop(dc, t.sim('race.sim', { options: ['--num-threads', '1', '--data-races'] }));
  assert.equal(stopped.reason, 'exception');
  assert.match(stopped.description, /data race/);
  const info = (await dc.exceptionInfoRequest({ threadId: stopped.threadId })).body;
  assert.equal(info.exceptionId, 'data-race');
});

test('pause stops a running kernel; terminate ends the program', async () => {
  const stopped = await t.launchAndStop(dc, t.sim('spin.sim', { stopOnEntry: true }));
  await dc.continueRequest({ threadId: stopped.threadId });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const paused = dc.waitForEvent('stopped');
  await dc.pauseRequest({ threadId: stopped.threadId });
  assert.equal((await paused).body.reason, 'pause');
  const [frame] = await t.frames(dc, stopped.threadId);
  assert.ok([5, 6].includes(frame.line), `paused in the loop, not at line ${frame.line}`);
  // terminate ends the program (by SIGTERM) and the session.
  const exited = dc.waitForEvent('exited');
  const terminated = dc.waitForEvent('terminated');
  await dc.terminateRequest();
  assert.equal((await exited).body.exitCode, 128 + 15);
  await terminated;
  assert.doesNotMatch(output.stderr, /killed by signal/);
});

test('a launch request for a missing program is refused', async () => {
  await dc.initializeRequest();
  await assert.rejects(dc.launchRequest({ program: t.fixture('missing.sim') }), /does not exist/);
});

test('a breakpoint in an included header binds in the program that includes it', async () => {
  const header = t.fixture('square.h');
  await dc.hitBreakpoint(t.sim('include.sim'), { path: header, line: 4 });
  const stack = await t.frames(dc, 1);
  assert.deepEqual(stack.map((f) => [f.name, f.line, f.source.path]), [
    ['square', 4, header],
    ['squares', 6, t.fixture('include.cl')],
  ]);
});
