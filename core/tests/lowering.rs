//! Lowering of tricky IR, checked by running hand-written LLVM IR kernels end to end and
//! reading back their buffers and diagnostics.

mod common;

use std::sync::Arc;

use common::Recorder;
use oclgrind_core::program::ProgramError;
use oclgrind_core::{launch, ArgValue, Config, Context, NDRange};

const HEADER: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
"#;

struct Run {
    buffers: Vec<Vec<u8>>,
    messages: Vec<String>,
}

/// Runs kernel `k` of `body` (IR after the common header) over `n` work-items in groups of
/// `wg`; each buffer argument is given by its initial bytes.
fn run(body: &str, buffers: &[Vec<u8>], n: u64, wg: u64) -> Run {
    let config = Config {
        log_file: Some("/dev/null".into()),
        num_threads: 2,
        ..Config::default()
    };
    let mut ctx = Context::new(config);
    let recorder = Arc::new(Recorder::default());
    ctx.add_plugin(recorder.clone());
    let program = ctx
        .program_from_ir(&format!("{HEADER}{body}"))
        .unwrap_or_else(|e| panic!("IR did not lower: {e}"));
    let placed = ctx
        .place_program(Arc::new(program))
        .expect("globals placed");
    let kernel = match placed.kernel("k") {
        Ok(k) => k,
        Err(e) => panic!("kernel not created: {e:?}"),
    };
    let mut args = Vec::new();
    let mut addrs = Vec::new();
    for b in buffers {
        let a = ctx.global.allocate(b.len() as u64, 0).expect("buffer");
        ctx.global.write(a, b);
        addrs.push(a);
        args.push(ArgValue::Pointer(a));
    }
    let nd = NDRange {
        work_dim: 1,
        global_offset: [0; 3],
        global_size: [n, 1, 1],
        local_size: [wg, 1, 1],
    };
    launch(&ctx, &kernel, &args, &nd).expect("launch");
    let buffers = addrs
        .iter()
        .zip(buffers)
        .map(|(a, b)| {
            let mut out = vec![0u8; b.len()];
            assert!(ctx.global.read(*a, &mut out));
            out
        })
        .collect();
    let messages = recorder.0.lock().unwrap().clone();
    Run { buffers, messages }
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn read_words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn read_floats(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn phis_on_a_back_edge_are_a_parallel_copy() {
    // a and b swap on every iteration: sequential moves would collapse them.
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 4
  br i1 %c, label %loop, label %done
done:
  store i32 %a, ptr addrspace(1) %out
  %p1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %b, ptr addrspace(1) %p1
  ret void
}"#,
        &[words(&[0, 0])],
        1,
        1,
    );
    assert_eq!(read_words(&r.buffers[0]), vec![2, 1]);
}

#[test]
fn switch_edges_carry_their_phi_values() {
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %x = trunc i64 %id to i32
  switch i32 %x, label %def [ i32 0, label %join
                              i32 1, label %one
                              i32 2, label %join ]
one:
  br label %join
def:
  br label %join
join:
  ; Two edges from %entry: LLVM's verifier wants an entry for each.
  %v = phi i32 [ 10, %entry ], [ 10, %entry ], [ 11, %one ], [ 12, %def ]
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %id
  store i32 %v, ptr addrspace(1) %p
  ret void
}"#,
        &[words(&[0; 4])],
        4,
        2,
    );
    assert_eq!(read_words(&r.buffers[0]), vec![10, 11, 10, 12]);
}

#[test]
fn aggregates_and_overflow_intrinsics() {
    let r = run(
        r#"
declare {i32, i1} @llvm.sadd.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.umul.with.overflow.i32(i32, i32)
define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %s = load {i32, float, <2 x i16>}, ptr addrspace(1) %in
  %f = extractvalue {i32, float, <2 x i16>} %s, 1
  %s2 = insertvalue {i32, float, <2 x i16>} %s, float 2.5, 1
  %s3 = insertvalue {i32, float, <2 x i16>} %s2, <2 x i16> <i16 7, i16 -1>, 2
  store {i32, float, <2 x i16>} %s3, ptr addrspace(1) %out
  %one = extractvalue {i32, float, <2 x i16>} %s, 0
  %r = call {i32, i1} @llvm.sadd.with.overflow.i32(i32 2147483647, i32 %one)
  %v = extractvalue {i32, i1} %r, 0
  %o = extractvalue {i32, i1} %r, 1
  %oz = zext i1 %o to i32
  %m = call {i32, i1} @llvm.umul.with.overflow.i32(i32 65536, i32 3)
  %mo = extractvalue {i32, i1} %m, 1
  %moz = zext i1 %mo to i32
  %p3 = getelementptr i32, ptr addrspace(1) %out, i64 3
  store i32 %v, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %out, i64 4
  store i32 %oz, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %out, i64 5
  store i32 %moz, ptr addrspace(1) %p5
  %p6 = getelementptr float, ptr addrspace(1) %out, i64 6
  store float %f, ptr addrspace(1) %p6
  ret void
}"#,
        &[
            [1u32.to_le_bytes(), 0.75f32.to_le_bytes(), [1, 0, 2, 0]].concat(),
            vec![0; 28],
        ],
        1,
        1,
    );
    let out = read_words(&r.buffers[1]);
    assert_eq!(out[0], 1);
    assert_eq!(f32::from_bits(out[1]), 2.5);
    assert_eq!(out[2], 0xffff_0007);
    assert_eq!(out[3], 0x8000_0000);
    assert_eq!(&out[4..6], &[1, 0]);
    assert_eq!(f32::from_bits(out[6]), 0.75);
}

#[test]
fn atomics_from_many_work_items_on_two_threads() {
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %c, ptr addrspace(1) %f) {
  %old = atomicrmw add ptr addrspace(1) %c, i32 3 seq_cst
  %p1 = getelementptr i32, ptr addrspace(1) %c, i64 1
  %m = atomicrmw umax ptr addrspace(1) %p1, i32 %old seq_cst
  fence seq_cst
  %p2 = getelementptr i32, ptr addrspace(1) %c, i64 2
  %pair = cmpxchg ptr addrspace(1) %p2, i32 0, i32 1 seq_cst seq_cst
  %won = extractvalue {i32, i1} %pair, 1
  %w = zext i1 %won to i32
  %p3 = getelementptr i32, ptr addrspace(1) %c, i64 3
  %x = atomicrmw add ptr addrspace(1) %p3, i32 %w seq_cst
  %y = atomicrmw fadd ptr addrspace(1) %f, float 0.5 seq_cst
  ret void
}"#,
        &[words(&[0; 4]), words(&[0])],
        256,
        16,
    );
    let c = read_words(&r.buffers[0]);
    assert_eq!(c[0], 768);
    assert_eq!(c[1], 765, "largest old value");
    assert_eq!(c[2], 1);
    assert_eq!(c[3], 1, "exactly one compare-and-swap succeeds");
    assert_eq!(read_floats(&r.buffers[1]), vec![128.0]);
}

#[test]
fn constant_expressions_and_program_variables() {
    let r = run(
        r#"
@tbl = addrspace(2) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@data = addrspace(1) global [2 x i32] [i32 40, i32 41]
@ptr = addrspace(1) global ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @data, i64 4)
define spir_kernel void @k(ptr addrspace(1) %out) {
  %a = load i32, ptr addrspace(2) getelementptr ([4 x i32], ptr addrspace(2) @tbl, i64 0, i64 2)
  store i32 %a, ptr addrspace(1) %out
  %q = load ptr addrspace(1), ptr addrspace(1) @ptr
  %b = load i32, ptr addrspace(1) %q
  %p1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %b, ptr addrspace(1) %p1
  %diff = sub i64 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @data, i64 4) to i64), ptrtoint (ptr addrspace(1) @data to i64)
  %d32 = trunc i64 %diff to i32
  %p2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %d32, ptr addrspace(1) %p2
  ret void
}"#,
        &[words(&[0; 3])],
        1,
        1,
    );
    assert_eq!(read_words(&r.buffers[0]), vec![3, 41, 4]);
}

#[test]
fn three_element_vectors_touch_twelve_bytes() {
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %v = load <3 x float>, ptr addrspace(1) %in, align 16
  %w = fmul <3 x float> %v, <float 2.0, float 2.0, float 2.0>
  store <3 x float> %w, ptr addrspace(1) %out, align 16
  ret void
}"#,
        &[
            [1.0f32, 2.0, 3.0, 4.0]
                .iter()
                .flat_map(|f| f.to_le_bytes())
                .collect(),
            [9.0f32; 4].iter().flat_map(|f| f.to_le_bytes()).collect(),
        ],
        1,
        1,
    );
    assert_eq!(read_floats(&r.buffers[1]), vec![2.0, 4.0, 6.0, 9.0]);
}

#[test]
fn bitcasts_shuffles_and_vector_selects() {
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %out) {
  %w = bitcast <4 x i8> <i8 1, i8 2, i8 3, i8 4> to i32
  store i32 %w, ptr addrspace(1) %out
  %x = bitcast i64 4611686019492741120 to <2 x float>
  %hi = extractelement <2 x float> %x, i32 1
  %p1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %hi, ptr addrspace(1) %p1
  %s = shufflevector <4 x i32> <i32 10, i32 11, i32 12, i32 13>, <4 x i32> <i32 20, i32 21, i32 22, i32 23>, <4 x i32> <i32 7, i32 poison, i32 0, i32 5>
  %p2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store <4 x i32> %s, ptr addrspace(1) %p2
  %c = icmp sgt <2 x i32> <i32 5, i32 -5>, zeroinitializer
  %sel = select <2 x i1> %c, <2 x i32> <i32 1, i32 1>, <2 x i32> <i32 2, i32 2>
  %p6 = getelementptr i32, ptr addrspace(1) %out, i64 6
  store <2 x i32> %sel, ptr addrspace(1) %p6
  ret void
}"#,
        &[vec![0; 32]],
        1,
        1,
    );
    let out = read_words(&r.buffers[0]);
    assert_eq!(out[0], 0x0403_0201);
    assert_eq!(f32::from_bits(out[1]), 2.0);
    assert_eq!(&out[2..6], &[23, 0, 10, 21]);
    assert_eq!(&out[6..8], &[1, 2]);
}

#[test]
fn bit_intrinsics_and_reductions() {
    let r = run(
        r#"
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i16 @llvm.bswap.i16(i16)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.umax.v4i32(<4 x i32>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)
define spir_kernel void @k(ptr addrspace(1) %out) {
  %a = call i32 @llvm.fshl.i32(i32 305419896, i32 2596069104, i32 8)
  store i32 %a, ptr addrspace(1) %out
  %b = call i32 @llvm.ctlz.i32(i32 256, i1 false)
  %p1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %b, ptr addrspace(1) %p1
  %c = call i16 @llvm.bswap.i16(i16 4660)
  %cz = zext i16 %c to i32
  %p2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %cz, ptr addrspace(1) %p2
  %d = call i32 @llvm.abs.i32(i32 -7, i1 false)
  %e = call i32 @llvm.smax.i32(i32 %d, i32 -100)
  %p3 = getelementptr i32, ptr addrspace(1) %out, i64 3
  store i32 %e, ptr addrspace(1) %p3
  %f = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  %p4 = getelementptr i32, ptr addrspace(1) %out, i64 4
  store i32 %f, ptr addrspace(1) %p4
  %g = call i32 @llvm.vector.reduce.umax.v4i32(<4 x i32> <i32 1, i32 -1, i32 3, i32 4>)
  %p5 = getelementptr i32, ptr addrspace(1) %out, i64 5
  store i32 %g, ptr addrspace(1) %p5
  %h = call float @llvm.vector.reduce.fadd.v2f32(float 1.0, <2 x float> <float 2.0, float 4.0>)
  %p6 = getelementptr float, ptr addrspace(1) %out, i64 6
  store float %h, ptr addrspace(1) %p6
  %fr = freeze i32 %f
  %p7 = getelementptr i32, ptr addrspace(1) %out, i64 7
  store i32 %fr, ptr addrspace(1) %p7
  ret void
}"#,
        &[vec![0; 32]],
        1,
        1,
    );
    let out = read_words(&r.buffers[0]);
    assert_eq!(out[0], 0x3456_789a);
    assert_eq!(out[1], 23);
    assert_eq!(out[2], 0x3412);
    assert_eq!(out[3], 7);
    assert_eq!(out[4], 10);
    assert_eq!(out[5], 0xffff_ffff);
    assert_eq!(f32::from_bits(out[6]), 7.0);
    assert_eq!(out[7], 10);
}

#[test]
fn memory_intrinsics_across_address_spaces() {
    let r = run(
        r#"
@k.tmp = internal addrspace(3) global [4 x i32] undef
declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p1.p3.i64(ptr addrspace(1), ptr addrspace(3), i64, i1)
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)
define spir_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) @k.tmp, ptr addrspace(1) %in, i64 16, i1 false)
  %t2 = getelementptr i8, ptr addrspace(3) @k.tmp, i64 8
  call void @llvm.memset.p3.i64(ptr addrspace(3) %t2, i8 255, i64 4, i1 false)
  call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) %out, ptr addrspace(3) @k.tmp, i64 16, i1 false)
  ret void
}"#,
        &[words(&[1, 2, 3, 4]), vec![0; 16]],
        1,
        1,
    );
    assert_eq!(read_words(&r.buffers[1]), vec![1, 2, 0xffff_ffff, 4]);
}

#[test]
fn generic_pointers_reach_every_space() {
    let r = run(
        r#"
@k.buf = internal addrspace(3) global [2 x i32] undef
define spir_kernel void @k(ptr addrspace(1) %out) {
  %priv = alloca i32
  store i32 5, ptr %priv
  %gp = addrspacecast ptr %priv to ptr addrspace(4)
  %gl = addrspacecast ptr addrspace(3) @k.buf to ptr addrspace(4)
  %go = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  %v = load i32, ptr addrspace(4) %gp
  store i32 %v, ptr addrspace(4) %gl
  %w = load i32, ptr addrspace(3) @k.buf
  %x = add i32 %w, 1
  %o1 = getelementptr i32, ptr addrspace(4) %go, i64 1
  store i32 %x, ptr addrspace(4) %o1
  %back = addrspacecast ptr addrspace(4) %go to ptr addrspace(1)
  store i32 %v, ptr addrspace(1) %back
  %null = addrspacecast ptr addrspace(1) null to ptr addrspace(4)
  %isnull = icmp eq ptr addrspace(4) %null, null
  %z = zext i1 %isnull to i32
  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %z, ptr addrspace(1) %o2
  ret void
}"#,
        &[words(&[0; 3])],
        1,
        1,
    );
    assert_eq!(read_words(&r.buffers[0]), vec![5, 6, 1]);
    assert!(r.messages.is_empty(), "{:?}", r.messages);
}

#[test]
fn multi_index_gep_and_static_array_check() {
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %out) {
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %arr = alloca [2 x [3 x i32]]
  %row = lshr i64 %id, 2
  %p = getelementptr [2 x [3 x i32]], ptr %arr, i64 0, i64 %row, i64 %id
  store i32 7, ptr %p
  %q = getelementptr [2 x [3 x i32]], ptr %arr, i64 0, i64 0, i64 %id
  %v = load i32, ptr %q
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %id
  store i32 %v, ptr addrspace(1) %o
  ret void
}"#,
        &[words(&[0; 4])],
        4,
        4,
    );
    // Row 0 for every work-item (two variable indices); work-item 3's column index 3 is out of
    // range for the inner array but still inside the allocation: MemCheck flags the index on
    // the store and on the load, and the accesses happen.
    let out = read_words(&r.buffers[0]);
    assert_eq!(out[1], 7);
    assert_eq!(out[3], 7);
    let index_errors: Vec<_> = r
        .messages
        .iter()
        .filter(|m| m.starts_with("Index (3) exceeds static array size (3)"))
        .collect();
    assert_eq!(index_errors.len(), 2, "{:?}", r.messages);
}

#[test]
fn unreachable_stops_only_the_work_item_that_reaches_it() {
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %out) {
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %c = icmp eq i64 %id, 1
  br i1 %c, label %bad, label %ok
bad:
  unreachable
ok:
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %id
  store i32 1, ptr addrspace(1) %o
  ret void
}"#,
        &[words(&[0; 3])],
        3,
        3,
    );
    assert_eq!(read_words(&r.buffers[0]), vec![1, 0, 1]);
    assert_eq!(r.messages.len(), 1);
    let m = &r.messages[0];
    assert!(m.starts_with("OCLGRIND FATAL ERROR ("), "{m}");
    assert!(
        m.contains(
            ")\n\tEncountered unreachable instruction\n\tKernel: k\n\tEntity: Global(1,0,0)"
        ),
        "{m}"
    );
}

/// The build log of a program that does not lower.
fn lowering_failure(ir: &str) -> String {
    match Context::new(Config::default()).program_from_ir(&format!("{HEADER}{ir}")) {
        Err(e @ ProgramError::Unsupported(_)) => e.build_log(None),
        Err(e) => panic!("the module itself was refused: {e}"),
        Ok(_) => panic!("a program the simulator cannot run was built"),
    }
}

#[test]
fn unknown_functions_fail_the_build() {
    let log = lowering_failure(
        "
declare spir_func void @_Z7mysteryv()
define spir_func void @helper() {
  call spir_func void @_Z7mysteryv()
  ret void
}
define spir_kernel void @k() {
  call spir_func void @helper()
  ret void
}
define spir_kernel void @k2() {
  call spir_func void @helper()
  ret void
}",
    );
    // One entry for the helper both kernels call, with no position (the IR has no debug info).
    assert_eq!(
        log,
        "error: kernels 'k', 'k2' cannot be simulated: Undefined external function: \
         _Z7mysteryv\n\tIn function helper\n\t  call spir_func void @_Z7mysteryv()\n"
    );
}

#[test]
fn source_errors_name_the_line() {
    let ctx = Context::new(Config {
        log_file: Some("/dev/null".into()),
        ..Config::default()
    });
    let src = "kernel void k(global int *p) {\n  p[0] = 1;\n}\n\nint mystery(int);\nkernel void odd(global int *o) {\n  o[0] = mystery(1);\n}\n";
    let failure = ctx.build_program(src, "").err().expect("fails");
    assert!(
        failure.log.starts_with(
            "input.cl:7:10: error: kernel 'odd' cannot be simulated: Undefined external \
             function: mystery\n\tIn function odd\n\t  o[0] = mystery(1);\n\t  %call = tail call"
        ),
        "{}",
        failure.log
    );
    assert!(!failure.bad_options);
    let failure = ctx
        .build_program("kernel void k() { undefined(); }", "")
        .err()
        .expect("fails");
    assert!(failure.log.contains("input.cl:1:"), "{}", failure.log);
}

#[test]
fn recursion_builds() {
    // OpenCL C forbids recursion, but clang compiles it and Oclgrind runs it: at -O0 the
    // call stays (tests/golden/arith/recursion runs such calls).
    let ctx = Context::new(Config::default());
    let src = "int f(int n) { return n ? n * f(n - 1) : 1; }\nkernel void k(global int *o) { o[0] = f(o[1]); }\n";
    let program = ctx.build_program(src, "-cl-opt-disable");
    assert!(program.is_ok(), "{:?}", program.err().map(|f| f.log));
}

#[test]
fn odd_width_integers_touch_their_store_size() {
    // An i24 is 3 bytes in memory: storing one at byte 9 of a 12-byte buffer is in bounds.
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %a) {
  %p = getelementptr i8, ptr addrspace(1) %a, i64 9
  %v = load i24, ptr addrspace(1) %a, align 1
  store i24 %v, ptr addrspace(1) %p, align 1
  ret void
}"#,
        &[(1..=12).collect()],
        1,
        1,
    );
    assert_eq!(r.buffers[0], vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3]);
    assert!(r.messages.is_empty(), "{:?}", r.messages);
}

#[test]
fn large_constant_tables_are_placed() {
    let n = 70_000;
    let values: Vec<String> = (0..n).map(|i| format!("i32 {}", i % 100)).collect();
    let r = run(
        &format!(
            r#"
@tbl = addrspace(2) constant [{n} x i32] [{}]
define spir_kernel void @k(ptr addrspace(1) %out) {{
  %p = getelementptr [{n} x i32], ptr addrspace(2) @tbl, i64 0, i64 69999
  %v = load i32, ptr addrspace(2) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}}"#,
            values.join(", ")
        ),
        &[words(&[0])],
        1,
        1,
    );
    assert_eq!(read_words(&r.buffers[0]), vec![99]);
}

#[test]
fn calls_that_do_not_match_their_callee_are_refused() {
    let log = lowering_failure(
        "
define spir_func i32 @f() {
  ret i32 1
}
define spir_kernel void @k(ptr addrspace(1) %o) {
  %r = call i32 @f(i32 3, i32 4)
  store i32 %r, ptr addrspace(1) %o
  ret void
}",
    );
    assert!(log.contains("call to f does not match"), "{log}");
}

#[test]
fn vectors_wider_than_any_opencl_type() {
    // 300 lanes (more than a byte can count): load, arithmetic, a bitcast to 600 halves,
    // a lane extracted, the vector stored back.
    let r = run(
        r#"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %out) {
  %v = load <300 x i32>, ptr addrspace(1) %a, align 4
  %w = add <300 x i32> %v, %v
  %h = bitcast <300 x i32> %w to <600 x i16>
  %x = extractelement <600 x i16> %h, i32 599
  %y = zext i16 %x to i32
  store <300 x i32> %w, ptr addrspace(1) %a, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}"#,
        &[
            words(&(0..300).map(|i| i * 0x10001).collect::<Vec<_>>()),
            words(&[0]),
        ],
        1,
        1,
    );
    let doubled: Vec<u32> = (0..300).map(|i| i * 0x20002).collect();
    assert_eq!(read_words(&r.buffers[0]), doubled);
    // Lane 599 is the high half of lane 299.
    assert_eq!(read_words(&r.buffers[1]), vec![299 * 2]);
    assert!(r.messages.is_empty(), "{:?}", r.messages);
}

#[test]
fn vectors_beyond_the_register_limit_fail_the_build() {
    let log = lowering_failure(
        "
define spir_kernel void @k(ptr addrspace(1) %a) {
  %v = load <70000 x i8>, ptr addrspace(1) %a, align 1
  store <70000 x i8> %v, ptr addrspace(1) %a, align 1
  ret void
}",
    );
    assert!(
        log.starts_with(
            "error: kernel 'k' cannot be simulated: vectors of 70000 elements are not supported"
        ),
        "{log}"
    );
}

/// The loops of the lowered kernel `k` of `body` that make a compare-and-swap, in each
/// function.
fn compare_exchange_loops(body: &str) -> Vec<Vec<(u32, u32)>> {
    let ctx = Context::new(Config::default());
    let program = ctx
        .program_from_ir(&format!("{HEADER}{body}"))
        .unwrap_or_else(|e| panic!("IR did not lower: {e}"));
    let placed = ctx.place_program(Arc::new(program)).expect("placed");
    match placed.kernel("k") {
        Ok(k) => k.code.compare_exchange_loops(),
        Err(e) => panic!("kernel not created: {e:?}"),
    }
}

/// A `cmpxchg` in a loop (a float atomic add's retry loop, say) makes the loop one that the
/// lane executor leaves to one work-item at a time when its lanes part there; one outside any
/// loop does not, nor does a loop without one; a loop calling a function that makes one does.
#[test]
fn compare_exchange_retry_loops_are_found() {
    let retry = r#"
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %old = load i32, ptr addrspace(1) %p
  %new = add i32 %old, 1
  %r = cmpxchg ptr addrspace(1) %p, i32 %old, i32 %new seq_cst seq_cst
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}
"#;
    assert_eq!(compare_exchange_loops(retry).concat().len(), 1);
    let once = r#"
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  %r = cmpxchg ptr addrspace(1) %p, i32 0, i32 1 seq_cst seq_cst
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  store i32 %j, ptr addrspace(1) %p
  %more = icmp ult i32 %j, 4
  br i1 %more, label %loop, label %done
done:
  ret void
}
"#;
    assert!(compare_exchange_loops(once).concat().is_empty());
    let called = r#"
define spir_func i1 @try(ptr addrspace(1) %p) {
  %r = cmpxchg ptr addrspace(1) %p, i32 0, i32 1 seq_cst seq_cst
  %ok = extractvalue { i32, i1 } %r, 1
  ret i1 %ok
}
define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %ok = call spir_func i1 @try(ptr addrspace(1) %p)
  br i1 %ok, label %done, label %loop
done:
  ret void
}
"#;
    assert_eq!(compare_exchange_loops(called).concat().len(), 1);
}
