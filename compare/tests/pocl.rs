//! Runs launches on PoCL ("Portable Computing Language") through the system ICD loader.
//! Every test skips (passes, printing why) when no PoCL platform is installed.

use oclgrind_compare::{Arg, CompareError, Device, Launch, Program};

const POCL: &str = "Portable Computing Language";

fn pocl() -> Option<Device> {
    match Device::find("portable") {
        Ok(d) => Some(d),
        Err(e) => {
            eprintln!("skipped, no PoCL: {e}");
            None
        }
    }
}

fn ints(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn to_ints(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn to_floats(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn buffer(bytes: Vec<u8>) -> Arg {
    Arg::Buffer {
        bytes,
        read_only: false,
        write_only: false,
        view: None,
    }
}

/// A 1-D launch of `kernel` from `source`.
fn launch(source: &str, kernel: &str, global: u64, local: u64, args: Vec<Arg>) -> Launch {
    Launch {
        program: Program::Source {
            text: source.to_string(),
        },
        options: String::new(),
        kernel: kernel.to_string(),
        work_dim: 1,
        offset: [0; 3],
        global: [global, 1, 1],
        local: [local, 1, 1],
        args,
        stores: Vec::new(),
    }
}

const VECADD: &str = "
__kernel void vecadd(__global const float *a, __global const float *b, __global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}";

#[test]
fn vecadd() {
    let Some(dev) = pocl() else { return };
    let a: Vec<f32> = (0..64).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..64).map(|i| 0.5 * i as f32).collect();
    let args = vec![
        Arg::Buffer {
            bytes: floats(&a),
            read_only: true,
            write_only: false,
            view: None,
        },
        Arg::Buffer {
            bytes: floats(&b),
            read_only: true,
            write_only: false,
            view: None,
        },
        Arg::Buffer {
            bytes: vec![0; 256],
            read_only: false,
            write_only: true,
            view: None,
        },
    ];
    let out = dev.run(&launch(VECADD, "vecadd", 64, 16, args)).unwrap();
    assert_eq!(out.len(), 3);
    assert_eq!(
        to_floats(out[0].as_ref().unwrap()),
        a,
        "inputs read back unchanged"
    );
    let c = to_floats(out[2].as_ref().unwrap());
    let want: Vec<f32> = (0..64).map(|i| 1.5 * i as f32).collect();
    assert_eq!(c, want);
}

#[test]
fn find_by_platform_and_device_name() {
    let Some(dev) = pocl() else { return };
    assert_eq!(dev.platform_name(), POCL);
    assert!(!dev.device_name().is_empty());
    let upper = Device::find("PORTABLE COMPUTING").unwrap();
    assert_eq!(upper.device_name(), dev.device_name());
    // PoCL's CPU device is named "pthread-<cpu>" (or "cpu-<cpu>" in newer versions).
    let by_device = Device::find(dev.device_name()).unwrap();
    assert_eq!(by_device.platform_name(), POCL);
}

#[test]
fn find_errors() {
    let Some(_) = pocl() else { return };
    let err = Device::find("nosuch").unwrap_err();
    assert!(matches!(err, CompareError::NoPlatform { .. }));
    let text = err.to_string();
    assert!(
        text.starts_with("No OpenCL platform matches 'nosuch' (platforms: "),
        "{text}"
    );
    assert!(text.contains(POCL), "{text}");
    if let CompareError::NoPlatform { platforms, .. } = &err {
        if platforms.len() == 1 {
            assert_eq!(
                text,
                format!("No OpenCL platform matches 'nosuch' (platforms: {POCL})")
            );
        }
    }
    for name in ["oclgrind", "Oclgrind Simulator", "OCLGRIND"] {
        let err = Device::find(name).unwrap_err();
        assert_eq!(err, CompareError::Simulator);
        assert_eq!(err.to_string(), "--compare-with cannot name this simulator");
    }
}

#[test]
fn build_failure_has_the_log() {
    let Some(dev) = pocl() else { return };
    let source = "__kernel void k(__global int *p) { p[0] = undeclared_thing; }";
    let err = dev
        .run(&launch(source, "k", 1, 1, vec![buffer(ints(&[0]))]))
        .unwrap_err();
    let text = err.to_string();
    eprintln!("{text}");
    assert!(
        text.starts_with(&format!("Build failure on {POCL}:\n")),
        "{text}"
    );
    assert!(text.contains("undeclared_thing"), "{text}");
}

#[test]
fn bad_build_options_kernel_name_and_argument() {
    let Some(dev) = pocl() else { return };
    let mut l = launch(VECADD, "nosuch", 4, 4, vec![]);
    let text = dev.run(&l).unwrap_err().to_string();
    assert_eq!(
        text,
        format!("{POCL} refused the kernel 'nosuch': CL_INVALID_KERNEL_NAME (-46)")
    );

    l.kernel = "vecadd".into();
    l.args = vec![
        buffer(vec![0; 16]),
        Arg::Value(vec![0; 3]),
        buffer(vec![0; 16]),
    ];
    let text = dev.run(&l).unwrap_err().to_string();
    eprintln!("a 3-byte value for a pointer: {text}");
    assert!(
        text.starts_with(&format!("{POCL} refused argument 1: CL_INVALID_ARG_")),
        "{text}"
    );

    l.args.truncate(2);
    l.args[1] = buffer(vec![0; 16]);
    let text = dev.run(&l).unwrap_err().to_string();
    assert_eq!(
        text,
        format!("{POCL} refused the launch: CL_INVALID_KERNEL_ARGS (-52)")
    );

    l.options = "-cl-no-such-option".into();
    let err = dev.run(&l).unwrap_err();
    eprintln!("unknown build option: {err}");
    assert!(
        matches!(
            err,
            CompareError::Build { .. } | CompareError::Refused { .. }
        ),
        "{err}"
    );
}

#[test]
fn work_group_size_refusal() {
    let Some(dev) = pocl() else { return };
    // 4 does not divide 10: OpenCL 1.x (and 2.x/3.x without non-uniform groups) refuses.
    let source = "__kernel void k(__global int *p) { p[get_global_id(0)] = 1; }";
    let plain = dev.run(&launch(source, "k", 10, 4, vec![buffer(vec![0; 40])]));
    let text = plain.unwrap_err().to_string();
    assert_eq!(
        text,
        format!("{POCL} refused the launch: CL_INVALID_WORK_GROUP_SIZE (-54)")
    );
    // Non-uniform groups need -cl-std=CL2.0 or later; PoCL 3.1's CPU device has none.
    let mut l = launch(source, "k", 10, 4, vec![buffer(vec![0; 40])]);
    l.options = "-cl-std=CL3.0".into();
    eprintln!(
        "global 10, local 4, -cl-std=CL3.0: {:?}",
        dev.run(&l).map(|_| "ran")
    );
    // A required work-group size that the launch does not give is always refused.
    let source = "__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
        void k(__global int *p) { p[get_global_id(0)] = 1; }";
    let text = dev
        .run(&launch(source, "k", 16, 4, vec![buffer(vec![0; 64])]))
        .unwrap_err()
        .to_string();
    assert_eq!(
        text,
        format!("{POCL} refused the launch: CL_INVALID_WORK_GROUP_SIZE (-54)")
    );
}

#[test]
fn sub_buffer_view_read_past_its_end() {
    let Some(dev) = pocl() else { return };
    // The view is the first 16 bytes (4 ints) of a 128-byte store holding 0..32; each
    // work-item reads in[i + 4], which is past the view but inside the store.
    let source = "__kernel void k(__global const int *in, __global int *out) {
        size_t i = get_global_id(0);
        out[i] = in[i + 4];
    }";
    let store: Vec<i32> = (0..32).collect();
    let mut l = launch(
        source,
        "k",
        4,
        4,
        vec![
            Arg::Buffer {
                bytes: ints(&store[..4]),
                read_only: true,
                write_only: false,
                view: Some((0, 0)),
            },
            buffer(vec![0; 16]),
        ],
    );
    l.stores = vec![ints(&store)];
    let out = dev.run(&l).unwrap();
    assert_eq!(
        to_ints(out[0].as_ref().unwrap()),
        vec![0, 1, 2, 3],
        "the view reads back its 16 bytes"
    );
    let past = to_ints(out[1].as_ref().unwrap());
    eprintln!("PoCL, reading past a sub-buffer's end: {past:?}");
    // PoCL's sub-buffer is a pointer into its parent: the store's next bytes come back.
    assert_eq!(past, vec![4, 5, 6, 7]);
}

#[test]
fn sub_buffer_views_at_offsets() {
    let Some(dev) = pocl() else { return };
    // Two views of one 256-byte store: a kernel doubles its view in place.
    let source = "__kernel void k(__global int *v) { v[get_global_id(0)] *= 2; }";
    let store: Vec<i32> = (0..64).collect();
    let view = |offset: u64| Arg::Buffer {
        bytes: ints(&store[offset as usize / 4..][..8]),
        read_only: false,
        write_only: false,
        view: Some((0, offset)),
    };
    let align_bits = {
        let mut l = launch(source, "k", 8, 8, vec![view(4)]);
        l.stores = vec![ints(&store)];
        match dev.run(&l) {
            Err(CompareError::SubBufferOffset {
                offset, align_bits, ..
            }) => {
                let text = dev.run(&l).unwrap_err().to_string();
                eprintln!("{text}");
                assert_eq!(offset, 4);
                assert_eq!(
                    text,
                    format!("{POCL} cannot make a sub-buffer at offset 4 (CL_DEVICE_MEM_BASE_ADDR_ALIGN is {align_bits} bits)")
                );
                align_bits
            }
            other => panic!("PoCL accepted a sub-buffer at offset 4: {other:?}"),
        }
    };
    let aligned = u64::from(align_bits / 8);
    assert!(
        aligned + 32 <= 256,
        "alignment {aligned} bytes too large for this test"
    );
    let mut l = launch(source, "k", 8, 8, vec![view(aligned)]);
    l.stores = vec![ints(&store)];
    let out = dev.run(&l).unwrap();
    let first = aligned as i32 / 4;
    let want: Vec<i32> = (first..first + 8).map(|x| 2 * x).collect();
    assert_eq!(to_ints(out[0].as_ref().unwrap()), want);
}

#[test]
fn two_dimensions_with_offset() {
    let Some(dev) = pocl() else { return };
    let source = "__kernel void k(__global int *out, __global uint *dims) {
        size_t x = get_global_id(0) - get_global_offset(0);
        size_t y = get_global_id(1) - get_global_offset(1);
        out[y * get_global_size(0) + x] = get_global_id(0) + 100 * get_global_id(1);
        if (x == 0 && y == 0) dims[0] = get_work_dim();
    }";
    let mut l = launch(
        source,
        "k",
        8,
        4,
        vec![buffer(vec![0; 4 * 8 * 2]), buffer(vec![0; 4])],
    );
    l.work_dim = 2;
    l.offset = [3, 5, 0];
    l.global = [8, 2, 1];
    l.local = [4, 2, 1];
    let out = dev.run(&l).unwrap();
    let want: Vec<i32> = (0..2)
        .flat_map(|y| (0..8).map(move |x| (x + 3) + 100 * (y + 5)))
        .collect();
    assert_eq!(to_ints(out[0].as_ref().unwrap()), want);
    assert_eq!(to_ints(out[1].as_ref().unwrap()), vec![2]);
}

#[test]
fn local_value_and_null_arguments() {
    let Some(dev) = pocl() else { return };
    // Each group sums its inputs through __local scratch, scaled by a value argument; a NULL
    // pointer argument is seen as NULL.
    let source = "__kernel void k(__global const int *in, __local int *scratch, int scale,
                                  __global int *sums, __global int *maybe) {
        size_t l = get_local_id(0);
        scratch[l] = in[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            int s = 0;
            for (size_t i = 0; i < get_local_size(0); i++) s += scratch[i];
            sums[get_group_id(0)] = s * scale + (maybe == 0 ? 1000 : 0);
        }
    }";
    let input: Vec<i32> = (1..=16).collect();
    let args = vec![
        Arg::Buffer {
            bytes: ints(&input),
            read_only: true,
            write_only: false,
            view: None,
        },
        Arg::Local(8 * 4),
        Arg::Value(3i32.to_le_bytes().to_vec()),
        buffer(vec![0; 8]),
        Arg::Null,
    ];
    let out = dev.run(&launch(source, "k", 16, 8, args)).unwrap();
    assert_eq!(out[1], None);
    assert_eq!(out[2], None);
    assert_eq!(out[4], None);
    assert_eq!(
        to_ints(out[3].as_ref().unwrap()),
        vec![36 * 3 + 1000, 100 * 3 + 1000]
    );
}

#[test]
fn empty_buffer_argument() {
    let Some(dev) = pocl() else { return };
    let source = "__kernel void k(__global int *unused, __global int *p) { p[0] = 7; }";
    let out = dev
        .run(&launch(
            source,
            "k",
            1,
            1,
            vec![buffer(vec![]), buffer(vec![0; 4])],
        ))
        .unwrap();
    assert_eq!(out[0], Some(vec![]));
    assert_eq!(to_ints(out[1].as_ref().unwrap()), vec![7]);
}

#[test]
fn il_programs() {
    let Some(dev) = pocl() else { return };
    let mut l = launch("", "k", 1, 1, vec![]);
    // Not a valid module: a platform with IL support refuses it; one without says so.
    l.program = Program::Il(vec![0x03, 0x02, 0x23, 0x07, 0, 0, 0, 0]);
    let err = dev.run(&l).unwrap_err();
    eprintln!("IL on PoCL: {err}");
    match err {
        CompareError::NoIl { .. } => assert_eq!(
            err.to_string(),
            format!("{POCL} has no clCreateProgramWithIL")
        ),
        CompareError::Refused { .. } | CompareError::Build { .. } => {}
        other => panic!("{other}"),
    }
}

#[test]
fn many_runs_in_threads() {
    let Some(dev) = pocl() else { return };
    std::thread::scope(|s| {
        for t in 0..4 {
            let dev = &dev;
            s.spawn(move || {
                for _ in 0..5 {
                    let a = floats(&[t as f32; 32]);
                    let args = vec![buffer(a.clone()), buffer(a), buffer(vec![0; 128])];
                    let out = dev.run(&launch(VECADD, "vecadd", 32, 8, args)).unwrap();
                    assert_eq!(
                        to_floats(out[2].as_ref().unwrap()),
                        vec![2.0 * t as f32; 32]
                    );
                }
            });
        }
    });
}
