// Going back (`stepBack`, `reverseContinue`) with `oclgrind-kernel --dap` on fixtures/scale.cl,
// through Microsoft's DebugClient. Work-item 0 runs the loop at lines 20-21 three times:
// sum += scaled(in[0] = 1, steps[i] * 0.5), so sum is 0, 0.5, 1.5 as line 21 begins with
// i = 0, 1, 2, and scaled's factor (line 7) is 0.5, 1, 1.5.
'use strict';
const { test, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const t = require('./support');

const SCALE = t.fixture('scale.cl');
const NO_HISTORY = 'No more reverse-execution history.';
let dc;
let output;
beforeEach(async () => {
  dc = await t.client('oclgrind-kernel');
  output = t.collectOutput(dc);
});
afterEach(async () => {
  await dc.stop();
});

/** The line of the innermost frame, and the values of `names` there. */
async function where(threadId, ...names) {
  const [frame] = await t.frames(dc, threadId);
  const at = { line: frame.line };
  for (const name of names) at[name] = (await t.evaluate(dc, name, frame.id)).result;
  return at;
}

function breakAt(...breakpoints) {
  return dc.setBreakpointsRequest({ source: { path: SCALE }, breakpoints });
}

test('the adapter offers stepping back, and by instruction', async () => {
  const init = await dc.initializeRequest();
  assert.equal(init.body.supportsStepBack, true);
  assert.equal(init.body.supportsSteppingGranularity, true);
});

test('back through a loop: stepBack, reverseContinue to a hit, the start of the history', async () => {
  const first = await t.launchAndStop(dc, t.sim('scale.sim'), () => breakAt({ line: 21 }));
  assert.equal(first.reason, 'breakpoint');
  const th = first.threadId;
  assert.equal((await t.runTo(dc, 'continue', { threadId: th })).reason, 'breakpoint');
  const second = await where(th, 'i', 'sum');
  assert.deepEqual(second, { line: 21, i: '1', sum: '0.5' });
  // Forward two lines: the loop's increment (20), then line 21 again, at its breakpoint.
  assert.equal((await t.runTo(dc, 'next', { threadId: th })).reason, 'step');
  assert.equal((await t.runTo(dc, 'next', { threadId: th })).reason, 'breakpoint');
  assert.deepEqual(await where(th, 'i', 'sum'), { line: 21, i: '2', sum: '1.5' });
  // Back two lines: where it was, with the values it had then.
  assert.equal((await t.runTo(dc, 'stepBack', { threadId: th })).reason, 'step');
  assert.deepEqual(await where(th, 'i', 'sum'), { line: 20, i: '1', sum: '1.5' });
  assert.equal((await t.runTo(dc, 'stepBack', { threadId: th })).reason, 'step');
  assert.deepEqual(await where(th, 'i', 'sum'), second);
  // In the past the kernel's state cannot change: the engine says why.
  const [frame] = await t.frames(dc, th);
  assert.match((await t.evaluate(dc, 'set var sum = 7', frame.id, 'repl')).result, /replaying its history/);
  assert.equal((await t.evaluate(dc, 'sum', frame.id)).result, '0.5');
  // One line further back (the first iteration's increment), then back to the first hit.
  await t.runTo(dc, 'stepBack', { threadId: th });
  assert.deepEqual(await where(th, 'i', 'sum'), { line: 20, i: '0', sum: '0.5' });
  const hit = await t.runTo(dc, 'reverseContinue', { threadId: th });
  assert.equal(hit.reason, 'breakpoint');
  assert.equal(hit.hitBreakpointIds.length, 1);
  assert.deepEqual(await where(th, 'i', 'sum'), { line: 21, i: '0', sum: '0' });
  // Before it, only the start of the work-group's history.
  const start = await t.runTo(dc, 'reverseContinue', { threadId: th });
  assert.equal(start.reason, 'step');
  assert.equal(start.description, NO_HISTORY);
  assert.equal(start.text, NO_HISTORY);
  // From there the kernel replays its history and runs on to the results it always has:
  // out[0] = tile[1] + hits[0] = (3 * in[1] + 2) + 0.
  await breakAt();
  assert.equal(await t.runToEnd(dc, th), 0);
  assert.match(output.stdout, /out\[0\] = 8\n/);
  assert.match(output.stdout, /out\[7\] = 24\n/);
});

test('a hit condition going back: hits passed backwards no longer count', async () => {
  // The second call of scaled (factor 1) is hit 2, and only it stops.
  const stopped = await t.launchAndStop(dc, t.sim('scale.sim'), () =>
    breakAt({ line: 7, hitCondition: '== 2' }));
  assert.equal(stopped.reason, 'breakpoint');
  const th = stopped.threadId;
  assert.deepEqual(await where(th, 'factor'), { line: 7, factor: '1' });
  // Back out of the call (to the loop's line), then on back past hit 1, which does not
  // stop (it is the first hit), to the start of the history.
  assert.equal((await t.runTo(dc, 'stepBack', { threadId: th })).reason, 'step');
  assert.equal((await where(th)).line, 21);
  const start = await t.runTo(dc, 'reverseContinue', { threadId: th });
  assert.equal(start.description, NO_HISTORY);
  // Forward again, the same call is hit 2 again.
  const again = await t.runTo(dc, 'continue', { threadId: th });
  assert.equal(again.reason, 'breakpoint');
  assert.deepEqual(await where(th, 'factor'), { line: 7, factor: '1' });
  await breakAt();
  assert.equal(await t.runToEnd(dc, th), 0);
});

test('a logpoint logs going forwards only, replayed hits included', async () => {
  const stopped = await t.launchAndStop(dc, t.sim('scale.sim'), () =>
    breakAt({ line: 7, logMessage: 'factor={factor}' }, { line: 22 }));
  assert.equal(stopped.reason, 'breakpoint');
  const th = stopped.threadId;
  const logged = ['factor=0.5', 'factor=1', 'factor=1.5'];
  assert.deepEqual(output.console.trim().split('\n'), logged);
  const start = await t.runTo(dc, 'reverseContinue', { threadId: th });
  assert.equal(start.description, NO_HISTORY);
  assert.deepEqual(output.console.trim().split('\n'), logged, 'nothing logged going back');
  // Replayed, work-item 0 logs its calls again; then work-items 1 to 7 log theirs.
  await breakAt({ line: 7, logMessage: 'factor={factor}' });
  assert.equal(await t.runToEnd(dc, th), 0);
  const lines = output.console.trim().split('\n');
  assert.equal(lines.length, 3 + 8 * 3);
  assert.deepEqual(lines.slice(0, 6), [...logged, ...logged]);
});

test('by instruction: next and stepIn forward, stepBack back, one LLVM instruction each', async () => {
  const first = await t.launchAndStop(dc, t.sim('scale.sim'), () => breakAt({ line: 21 }));
  const th = first.threadId;
  const [at] = await t.frames(dc, th);
  const byInstruction = { threadId: th, granularity: 'instruction' };
  assert.equal((await t.runTo(dc, 'next', byInstruction)).reason, 'step');
  const [next] = await t.frames(dc, th);
  assert.notEqual(next.instructionPointerReference, at.instructionPointerReference);
  assert.equal(next.line, 21, 'one instruction does not leave the line');
  await t.runTo(dc, 'stepIn', byInstruction);
  const [stepped] = await t.frames(dc, th);
  assert.notEqual(stepped.instructionPointerReference, next.instructionPointerReference);
  // Two instructions back: where the breakpoint stopped.
  await t.runTo(dc, 'stepBack', byInstruction);
  assert.equal((await t.frames(dc, th))[0].instructionPointerReference, next.instructionPointerReference);
  await t.runTo(dc, 'stepBack', byInstruction);
  const [back] = await t.frames(dc, th);
  assert.deepEqual([back.line, back.instructionPointerReference], [21, at.instructionPointerReference]);
});

test('reverseContinue from a hit stops at the hit before it', async () => {
  const first = await t.launchAndStop(dc, t.sim('scale.sim'), () => breakAt({ line: 21 }));
  const th = first.threadId;
  await t.runTo(dc, 'continue', { threadId: th });
  const hit = await t.runTo(dc, 'reverseContinue', { threadId: th });
  assert.equal(hit.reason, 'breakpoint');
  assert.deepEqual(await where(th, 'i', 'sum'), { line: 21, i: '0', sum: '0' });
});
