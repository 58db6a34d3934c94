// `oclgrind --dap` on host applications, through Microsoft's DebugClient: the bundled example
// (its kernel read from a file), a program whose kernel is a string, and one that crashes.
'use strict';
const { test, before, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const t = require('./support');

const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(ROOT, 'examples/app');
const SMOOTH_CL = path.join(EXAMPLE, 'smooth.cl');
let apps;
let dc;
let output;

before(() => {
  apps = fs.mkdtempSync(path.join(os.tmpdir(), 'oclgrind-dap-apps-'));
  const build = (source, name) => {
    const exe = path.join(apps, name);
    execFileSync('gcc', ['-O1', source, '-o', exe, '-lOpenCL']);
    return exe;
  };
  apps = {
    smooth: build(path.join(EXAMPLE, 'smooth.c'), 'smooth'),
    inline: build(t.fixture('inline.c'), 'inline'),
    crash: build(path.join(ROOT, 'tests/debugger/crash.c'), 'crash'),
  };
});
beforeEach(async () => {
  dc = await t.client('oclgrind');
  output = t.collectOutput(dc);
});
afterEach(async () => {
  await dc.stop();
});

test('the example: a breakpoint in the file the application reads, then its MemCheck report', async () => {
  const launch = { program: apps.smooth, cwd: EXAMPLE, options: ['--num-threads', '1'] };
  await dc.hitBreakpoint(launch, { path: SMOOTH_CL, line: 9 });
  const [frame] = await t.frames(dc, 1);
  assert.equal(frame.name, 'smooth');
  assert.equal(frame.source.path, SMOOTH_CL);
  assert.equal((await t.evaluate(dc, 'i', frame.id)).result, '0');
  // The same requests as on a .sim: threads, variables, memory, disassembly, stepping.
  const threads = (await dc.threadsRequest()).body.threads;
  assert.equal(threads[0].name, 'Global(0,0,0) Local(0,0,0)');
  const locals = await t.scope(dc, frame.id, 'Locals');
  assert.equal(locals.left.value, '0', 'in[max(0 - 1, 0)]: the first sample');
  const args = await t.scope(dc, frame.id, 'Arguments');
  assert.equal(args.n.value, '1024');
  const first = (await dc.customRequest('readMemory', { memoryReference: args.in.memoryReference, count: 4 })).body;
  assert.equal(Buffer.from(first.data, 'base64').readFloatLE(0), 0);
  const ir = (await dc.disassembleRequest({ memoryReference: frame.instructionPointerReference, instructionCount: 1 })).body.instructions;
  assert.match(ir[0].instruction, /load|getelementptr|sext|add/);
  assert.equal((await t.runTo(dc, 'next', { threadId: 1 })).reason, 'step');
  assert.equal((await t.frames(dc, 1))[0].line, 10);
  // Without the breakpoint, on to the report: the last work-item reads past the end.
  await dc.setBreakpointsRequest({ source: { path: SMOOTH_CL }, breakpoints: [] });
  const report = await t.runTo(dc, 'continue', { threadId: 1 });
  assert.equal(report.reason, 'exception');
  assert.match(report.description, /Invalid read of size 4/);
  assert.equal(report.threadId, 1024, 'Global(1023,0,0)');
  assert.equal(await t.runToEnd(dc, report.threadId), 0);
  assert.match(output.stdout, /^Running on Oclgrind Simulator\n/);
  assert.match(output.stdout, /Smoothed 1024 samples/);
  assert.match(output.stderr, /Invalid read of size 4 at global memory address/);
});

test('a kernel from a string: its text by reference; args, env, cwd and printf', async () => {
  const launch = { program: apps.inline, args: ['first'], cwd: os.tmpdir(), env: { DAP_TEST: 'yes' }, stopOnEntry: true };
  const stopped = await t.launchAndStop(dc, launch);
  assert.equal(stopped.reason, 'entry');
  const [frame] = await t.frames(dc, stopped.threadId);
  assert.equal(frame.name, 'twice');
  assert.equal(frame.line, 3);
  assert.ok(frame.source.sourceReference > 0, JSON.stringify(frame.source));
  const text = (await dc.sourceRequest({ source: frame.source, sourceReference: frame.source.sourceReference })).body.content;
  assert.equal(text.split('\n')[0], 'kernel void twice(global int *data)');
  // A breakpoint in that text: line 4 (data[i] = 2 * data[i]), reached by work-item 0.
  const bps = (await dc.setBreakpointsRequest({ source: frame.source, breakpoints: [{ line: 4 }] })).body.breakpoints;
  assert.equal(bps[0].verified, true);
  assert.equal(bps[0].source.sourceReference, frame.source.sourceReference);
  const hit = await t.runTo(dc, 'continue', { threadId: stopped.threadId });
  assert.equal(hit.reason, 'breakpoint');
  assert.deepEqual(hit.hitBreakpointIds, [bps[0].id]);
  const [at4] = await t.frames(dc, hit.threadId);
  assert.equal(at4.line, 4);
  assert.equal((await t.evaluate(dc, 'data[i]', at4.id)).result, '21');
  await dc.setBreakpointsRequest({ source: frame.source, breakpoints: [] });
  assert.equal(await t.runToEnd(dc, stopped.threadId), 0);
  assert.match(output.stdout, new RegExp(`arg first, DAP_TEST=yes, cwd ${fs.realpathSync(os.tmpdir())}\n`));
  assert.match(output.stdout, /kernel says 42\n/);
  assert.match(output.stdout, /data 42 2 4 6\n/);
});

test('an application that crashes: reported, and the session ends', async () => {
  const exited = dc.waitForEvent('exited');
  const terminated = dc.waitForEvent('terminated');
  await Promise.all([dc.configurationSequence(), dc.launch({ program: apps.crash })]);
  assert.equal((await exited).body.exitCode, 128 + 11);
  await terminated;
  assert.match(output.stdout, /context made, crashing now/);
  assert.match(output.stderr, /killed by signal 11 \(SIGSEGV\)/);
});
