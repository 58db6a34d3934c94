//! What the simulated device says about itself (compat §7.4), truthful about what we support.

use std::sync::LazyLock;

use crate::cl::*;
use crate::error::{fail, ClResult};
use crate::handle;
use crate::info::{val, version, NameVersion};
use crate::platform::{platform, settings, OCLGRIND_VERSION};
use oclgrind_core::config::{self, DeviceType};

/// The one type the device reports (`--device-type`; a GPU unless the user says otherwise,
/// since that is what applications under test ask for).
pub fn device_type() -> cl_device_type {
    match settings().device_type {
        DeviceType::Gpu => CL_DEVICE_TYPE_GPU,
        DeviceType::Cpu => CL_DEVICE_TYPE_CPU,
        DeviceType::Accelerator => CL_DEVICE_TYPE_ACCELERATOR,
    }
}

/// Whether a `clGetDeviceIDs` type mask selects our device (its type, or the default device,
/// which it is); `None` for an invalid mask.
pub fn type_matches(t: cl_device_type) -> Option<bool> {
    let known = CL_DEVICE_TYPE_DEFAULT
        | CL_DEVICE_TYPE_CPU
        | CL_DEVICE_TYPE_GPU
        | CL_DEVICE_TYPE_ACCELERATOR
        | CL_DEVICE_TYPE_CUSTOM;
    if t == CL_DEVICE_TYPE_ALL {
        Some(true)
    } else if t & !known != 0 || t == 0 {
        None
    } else {
        Some(t & (device_type() | CL_DEVICE_TYPE_DEFAULT) != 0)
    }
}

const EXTENSIONS: [&str; 21] = [
    "cl_khr_3d_image_writes",
    // 2D images made from buffers share the buffer's memory (any pitch of whole pixels).
    "cl_khr_image2d_from_buffer",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics",
    "cl_khr_byte_addressable_store",
    "cl_khr_fp64",
    // `half` arithmetic (`oclgrind_core::half`): every operation rounds once, to nearest.
    "cl_khr_fp16",
    "cl_khr_il_program",
    // Over OpenCL C 3.0's sub-groups (`__opencl_c_subgroups`); clang declares their
    // functions for every SPIR target. A work-item that spins gives way to the others of its
    // group (`exec::group::SPIN_LIMIT`): independent forward progress, which
    // cl_khr_subgroups requires.
    "cl_khr_subgroups",
    "cl_khr_subgroup_extended_types",
    "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_ballot",
    "cl_khr_subgroup_non_uniform_arithmetic",
    "cl_khr_subgroup_shuffle",
    "cl_khr_subgroup_shuffle_relative",
    "cl_khr_subgroup_clustered_reduce",
    "cl_khr_subgroup_rotate",
];

const C_FEATURES: [&str; 14] = [
    // Every atomic is one indivisible step in a single order of all (sequentially
    // consistent), whatever order and scope a kernel asks for.
    "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_fp64",
    "__opencl_c_fp16",
    // Pointers without an address space point anywhere (`memory::resolve`).
    "__opencl_c_generic_address_space",
    "__opencl_c_int64",
    "__opencl_c_program_scope_global_variables",
    "__opencl_c_images",
    "__opencl_c_read_write_images",
    "__opencl_c_3d_image_writes",
    "__opencl_c_work_group_collective_functions",
    // Sub-groups of `--sub-group-size` consecutive work-items (builtins::subgroups).
    "__opencl_c_subgroups",
];

/// SPIR-V versions the translator reads (when it is installed).
const IL_VERSIONS: [(u32, &str); 5] = [
    (version(1, 0, 0), "SPIR-V"),
    (version(1, 1, 0), "SPIR-V"),
    (version(1, 2, 0), "SPIR-V"),
    (version(1, 3, 0), "SPIR-V"),
    (version(1, 4, 0), "SPIR-V"),
];

/// Whether SPIR-V programs can be loaded (the translator is installed).
pub fn il_supported() -> bool {
    static FOUND: LazyLock<bool> = LazyLock::new(|| {
        std::process::Command::new(oclgrind_core::compile::spirv_translator())
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    *FOUND
}

fn extensions() -> Vec<&'static str> {
    EXTENSIONS
        .into_iter()
        .filter(|e| *e != "cl_khr_il_program" || il_supported())
        .collect()
}

/// `CL_DEVICE_MAX_COMPUTE_UNITS`, re-read on every query as Oclgrind does; a `cl_uint`, so
/// a larger setting reports the most it can.
fn compute_units() -> u32 {
    u32::try_from(config::compute_units_now()).unwrap_or(u32::MAX)
}

pub fn device_info(param: cl_device_info) -> ClResult<Vec<u8>> {
    let s = settings();
    let max_wg = s.max_wg_size as usize;
    let fp_config = CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM;
    let yes: cl_bool = CL_TRUE;
    let no: cl_bool = CL_FALSE;
    let il = il_supported();
    Ok(match param {
        CL_DEVICE_TYPE => val(&device_type()),
        CL_DEVICE_VENDOR_ID => val(&0x0042u32),
        CL_DEVICE_MAX_COMPUTE_UNITS => val(&compute_units()),
        CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS => val(&3u32),
        CL_DEVICE_MAX_WORK_ITEM_SIZES => val(&[max_wg; 3]),
        CL_DEVICE_MAX_WORK_GROUP_SIZE => val(&max_wg),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_INT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF => val(&1u32),
        CL_DEVICE_MAX_CLOCK_FREQUENCY => val(&1u32),
        CL_DEVICE_ADDRESS_BITS => val(&64u32),
        CL_DEVICE_MAX_READ_IMAGE_ARGS => val(&128u32),
        CL_DEVICE_MAX_WRITE_IMAGE_ARGS | CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS => val(&64u32),
        CL_DEVICE_GLOBAL_MEM_SIZE => val(&s.global_mem_size),
        CL_DEVICE_MAX_MEM_ALLOC_SIZE => val(&s.max_mem_alloc_size()),
        CL_DEVICE_IMAGE2D_MAX_WIDTH | CL_DEVICE_IMAGE2D_MAX_HEIGHT => val(&8192usize),
        CL_DEVICE_IMAGE3D_MAX_WIDTH
        | CL_DEVICE_IMAGE3D_MAX_HEIGHT
        | CL_DEVICE_IMAGE3D_MAX_DEPTH
        | CL_DEVICE_IMAGE_MAX_ARRAY_SIZE => val(&2048usize),
        CL_DEVICE_IMAGE_MAX_BUFFER_SIZE => val(&65536usize),
        CL_DEVICE_IMAGE_SUPPORT => val(&yes),
        CL_DEVICE_MAX_PARAMETER_SIZE => val(&1024usize),
        CL_DEVICE_MAX_SAMPLERS => val(&16u32),
        // In pixels: a 2D image can be made from a buffer with any row pitch of whole pixels
        // (0 would say it cannot).
        CL_DEVICE_IMAGE_PITCH_ALIGNMENT | CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT => val(&1u32),
        CL_DEVICE_MEM_BASE_ADDR_ALIGN => val(&1024u32),
        CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE => val(&1u32),
        CL_DEVICE_SINGLE_FP_CONFIG => val(&fp_config),
        // `half::fma` rounds once.
        CL_DEVICE_HALF_FP_CONFIG => val(&(fp_config | CL_FP_FMA)),
        CL_DEVICE_DOUBLE_FP_CONFIG => {
            val(&(fp_config | CL_FP_FMA | CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF))
        }
        CL_DEVICE_GLOBAL_MEM_CACHE_TYPE => val(&CL_NONE),
        CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE => val(&0u32),
        CL_DEVICE_GLOBAL_MEM_CACHE_SIZE => val(&0u64),
        CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE => val(&s.constant_mem_size),
        CL_DEVICE_MAX_CONSTANT_ARGS => val(&1024u32),
        CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE => val(&65536usize),
        CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE => val(&(s.global_mem_size as usize)),
        CL_DEVICE_LOCAL_MEM_TYPE => val(&CL_LOCAL),
        CL_DEVICE_LOCAL_MEM_SIZE => val(&s.local_mem_size),
        CL_DEVICE_ERROR_CORRECTION_SUPPORT | CL_DEVICE_HOST_UNIFIED_MEMORY => val(&no),
        CL_DEVICE_PROFILING_TIMER_RESOLUTION => val(&1usize),
        CL_DEVICE_ENDIAN_LITTLE
        | CL_DEVICE_AVAILABLE
        | CL_DEVICE_COMPILER_AVAILABLE
        | CL_DEVICE_LINKER_AVAILABLE
        | CL_DEVICE_PREFERRED_INTEROP_USER_SYNC
        | CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT
        | CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT => val(&yes),
        CL_DEVICE_EXECUTION_CAPABILITIES => val(&(CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL)),
        CL_DEVICE_QUEUE_ON_HOST_PROPERTIES => {
            val(&(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE))
        }
        CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES => val(&0u64),
        CL_DEVICE_SVM_CAPABILITIES => val(&CL_DEVICE_SVM_COARSE_GRAIN_BUFFER),
        CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE
        | CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE
        | CL_DEVICE_MAX_ON_DEVICE_QUEUES
        | CL_DEVICE_MAX_ON_DEVICE_EVENTS
        | CL_DEVICE_MAX_PIPE_ARGS
        | CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS
        | CL_DEVICE_PIPE_MAX_PACKET_SIZE
        | CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT
        | CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT
        | CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT
        | CL_DEVICE_PARTITION_MAX_SUB_DEVICES => val(&0u32),
        CL_DEVICE_MAX_NUM_SUB_GROUPS => {
            val(&(s.max_wg_size.div_ceil(s.sub_group_size.max(1)) as cl_uint))
        }
        // A work-item that spins gives way to the others of its group.
        CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS => val(&yes),
        CL_DEVICE_PIPE_SUPPORT => val(&no),
        CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT => val(&yes),
        CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES | CL_DEVICE_PARTITION_AFFINITY_DOMAIN => val(&0u64),
        CL_DEVICE_BUILT_IN_KERNELS => val(""),
        CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION | CL_DEVICE_PARTITION_TYPE => Vec::new(),
        CL_DEVICE_PARTITION_PROPERTIES => val(&0isize),
        CL_DEVICE_PLATFORM => val(&handle::raw(platform())),
        CL_DEVICE_PARENT_DEVICE => val(&std::ptr::null_mut::<c_void>()),
        CL_DEVICE_REFERENCE_COUNT => val(&1u32),
        CL_DEVICE_NAME => val("Oclgrind Simulator"),
        CL_DEVICE_VENDOR => val("Oclgrind"),
        CL_DRIVER_VERSION => val(&format!("Oclgrind {OCLGRIND_VERSION}")),
        CL_DEVICE_PROFILE => val("FULL_PROFILE"),
        CL_DEVICE_VERSION => val(&format!("OpenCL 3.0 (Oclgrind {OCLGRIND_VERSION})")),
        CL_DEVICE_OPENCL_C_VERSION => val(&format!("OpenCL C 1.2 (Oclgrind {OCLGRIND_VERSION})")),
        CL_DEVICE_NUMERIC_VERSION => val(&version(3, 0, 0)),
        CL_DEVICE_EXTENSIONS => val(&extensions().join(" ")),
        CL_DEVICE_EXTENSIONS_WITH_VERSION => val(&extensions()
            .into_iter()
            .map(|e| NameVersion(version(1, 0, 0), e))
            .collect::<Vec<_>>()),
        CL_DEVICE_OPENCL_C_ALL_VERSIONS => val(&[(1, 0), (1, 1), (1, 2), (3, 0)]
            .map(|(major, minor)| NameVersion(version(major, minor, 0), "OpenCL C"))),
        CL_DEVICE_OPENCL_C_FEATURES => val(&C_FEATURES.map(|f| NameVersion(version(3, 0, 0), f))),
        CL_DEVICE_PRINTF_BUFFER_SIZE => val(&(1usize << 20)),
        CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES | CL_DEVICE_ATOMIC_FENCE_CAPABILITIES => {
            val(&(CL_DEVICE_ATOMIC_ORDER_RELAXED
                | CL_DEVICE_ATOMIC_ORDER_ACQ_REL
                | CL_DEVICE_ATOMIC_ORDER_SEQ_CST
                | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM
                | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP
                | CL_DEVICE_ATOMIC_SCOPE_DEVICE
                | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES))
        }
        CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => {
            val(&(s.preferred_work_group_multiple() as usize))
        }
        CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED => val("v0000-01-01-00"),
        CL_DEVICE_IL_VERSION if il => val(&IL_VERSIONS
            .map(|(v, name)| format!("{name}_{}.{}", v >> 22, (v >> 12) & 0x3ff))
            .join(" ")),
        CL_DEVICE_IL_VERSION => val(""),
        CL_DEVICE_ILS_WITH_VERSION if il => val(&IL_VERSIONS.map(|(v, n)| NameVersion(v, n))),
        CL_DEVICE_ILS_WITH_VERSION => Vec::new(),
        _ => fail!(
            CL_INVALID_VALUE,
            "For argument 'param_name': {param:#x} is not a device query"
        ),
    })
}
