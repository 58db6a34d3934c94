//! `oclgrind-compare`: runs one kernel launch on another OpenCL implementation (through the
//! system's ICD loader, opened at run time) so that `oclgrind-kernel --compare-with` can
//! compare its buffers with the simulator's, element by element (`diff`).

mod cl;
pub mod diff;

use std::ffi::CString;
use std::ptr::{null, null_mut};
use std::sync::Mutex;

use libc::c_void;
use opencl_sys::{
    cl_buffer_region, cl_context_properties, cl_device_id, cl_int, cl_mem, cl_mem_flags,
    cl_platform_id, cl_uint, CL_BUFFER_CREATE_TYPE_REGION, CL_BUILD_PROGRAM_FAILURE,
    CL_CONTEXT_PLATFORM, CL_DEVICE_IL_VERSION, CL_DEVICE_MEM_BASE_ADDR_ALIGN, CL_DEVICE_NAME,
    CL_DEVICE_NOT_FOUND, CL_DEVICE_TYPE_ALL, CL_INVALID_BUILD_OPTIONS, CL_MEM_COPY_HOST_PTR,
    CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MISALIGNED_SUB_BUFFER_OFFSET,
    CL_PLATFORM_NAME, CL_PLATFORM_NOT_FOUND_KHR, CL_PLATFORM_VENDOR, CL_PROGRAM_BUILD_LOG, CL_TRUE,
};

use cl::{check, Api, Guard};
pub use cl::{error_name, LoadError};

/// Why a comparison run could not be made; `Display` is the text the user reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompareError {
    /// No platform or device name contains the requested name. `platforms` lists every
    /// platform the loader reported (ours marked `(skipped)`); `ocl_icd_vendors` is the
    /// variable's value when the list is empty.
    #[error("No OpenCL platform matches '{name}' ({})", platform_list(.platforms, .ocl_icd_vendors))]
    NoPlatform {
        name: String,
        platforms: Vec<String>,
        ocl_icd_vendors: Option<String>,
    },
    #[error("--compare-with cannot name this simulator")]
    Simulator,
    #[error("Cannot load the OpenCL ICD loader (libOpenCL.so.1): {0}")]
    Load(cl::LoadError),
    #[error("{platform} has no clCreateProgramWithIL")]
    NoIl { platform: String },
    #[error("Build failure on {platform}:\n{log}")]
    Build { platform: String, log: String },
    #[error("{platform} cannot make a sub-buffer at offset {offset} (CL_DEVICE_MEM_BASE_ADDR_ALIGN is {align_bits} bits)")]
    SubBufferOffset {
        platform: String,
        offset: u64,
        align_bits: u32,
    },
    /// An OpenCL call failed: `what` says what was refused ("the launch", "argument 2", ...).
    #[error("{platform} refused {what}: {}", error_name(*.code))]
    Refused {
        platform: String,
        what: String,
        code: i32,
    },
    /// The `Launch` itself is inconsistent (a caller bug, not the platform's).
    #[error("Invalid comparison launch: {0}")]
    Invalid(String),
}

fn platform_list(platforms: &[String], vendors: &Option<String>) -> String {
    if platforms.is_empty() {
        let vendors = vendors.as_deref().unwrap_or("not set");
        format!("the ICD loader found none; OCL_ICD_VENDORS is {vendors}")
    } else {
        format!("platforms: {}", platforms.join(", "))
    }
}

/// A program to build: OpenCL C source or an intermediate language module (SPIR-V).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Program {
    Source { text: String },
    Il(Vec<u8>),
}

/// One kernel argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A __global or __constant buffer with initial contents. `read_only`/`write_only` map to
    /// CL_MEM_READ_ONLY / CL_MEM_WRITE_ONLY (else READ_WRITE); always COPY_HOST_PTR.
    /// `view: Some((store, offset))` means this argument is a sub-buffer at `offset` bytes of
    /// store index `store` in `Launch::stores` (its bytes are then the `bytes.len()` bytes of
    /// the store at that offset; `bytes` still holds them for convenience).
    Buffer {
        bytes: Vec<u8>,
        read_only: bool,
        write_only: bool,
        view: Option<(usize, u64)>,
    },
    /// A __local pointer to this many bytes.
    Local(u64),
    /// A value passed by copy (scalar, vector or struct bytes).
    Value(Vec<u8>),
    /// A NULL buffer pointer.
    Null,
}

/// One kernel launch: program, kernel, ND-range and arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    pub program: Program,
    /// Build options, passed to clBuildProgram.
    pub options: String,
    pub kernel: String,
    pub work_dim: u32,
    pub offset: [u64; 3],
    pub global: [u64; 3],
    /// Always passed explicitly (never NULL).
    pub local: [u64; 3],
    pub args: Vec<Arg>,
    /// Parent buffers of `Arg::Buffer` views, each created once with COPY_HOST_PTR.
    pub stores: Vec<Vec<u8>>,
}

/// One device of another OpenCL implementation.
#[derive(Debug)]
pub struct Device {
    api: &'static Api,
    platform: cl_platform_id,
    device: cl_device_id,
    platform_name: String,
    device_name: String,
}

// SAFETY: OpenCL platform and device ids are process-wide handles that every OpenCL call
// accepts from any thread (the API is thread-safe since 1.1, except clSetKernelArg on one
// kernel, and kernels are never shared here).
unsafe impl Send for Device {}
unsafe impl Sync for Device {}

impl Device {
    /// The first platform whose CL_PLATFORM_NAME or CL_PLATFORM_VENDOR contains `name`
    /// (case-insensitive: `pocl` finds "Portable Computing Language", whose vendor is "The
    /// pocl project"); else the
    /// first platform with a device whose CL_DEVICE_NAME contains it; that platform's first
    /// device of any type (or the matching device). Platforms whose name contains "Oclgrind"
    /// are skipped (our own ICD may be installed); if `name` itself matches "oclgrind"
    /// (case-insensitive) return CompareError::Simulator.
    pub fn find(name: &str) -> Result<Device, CompareError> {
        let wanted = name.to_lowercase();
        if wanted.contains("oclgrind") {
            return Err(CompareError::Simulator);
        }
        let api = cl::api().map_err(CompareError::Load)?;
        // PoCL 3.1 initialises its devices on first use without guarding it: a
        // clGetDeviceInfo racing another thread's first clGetDeviceIDs crashes (strlen of a
        // NULL name). Discovery is rare, so it is simply serialised.
        static DISCOVERY: Mutex<()> = Mutex::new(());
        let _serial = DISCOVERY
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let loader = "The OpenCL ICD loader";
        let refused = |platform: &str, what: &str, code| CompareError::Refused {
            platform: platform.to_string(),
            what: what.to_string(),
            code,
        };

        let mut count: cl_uint = 0;
        // SAFETY: a count query.
        let code = unsafe { (api.get_platform_ids)(0, null_mut(), &mut count) };
        if code == CL_PLATFORM_NOT_FOUND_KHR {
            count = 0;
        } else {
            check(code).map_err(|c| refused(loader, "to list the platforms", c))?;
        }
        let mut ids: Vec<cl_platform_id> = vec![null_mut(); count as usize];
        if count > 0 {
            // SAFETY: `ids` has room for `count` ids.
            check(unsafe { (api.get_platform_ids)(count, ids.as_mut_ptr(), &mut count) })
                .map_err(|c| refused(loader, "to list the platforms", c))?;
            ids.truncate(count as usize);
        }

        let mut candidates = Vec::new();
        let mut listed = Vec::new();
        for &id in &ids {
            let pname = api
                .platform_string(id, CL_PLATFORM_NAME)
                .map_err(|c| refused(loader, "to name a platform", c))?;
            if pname.to_lowercase().contains("oclgrind") {
                listed.push(format!("{pname} (skipped)"));
            } else {
                listed.push(pname.clone());
                candidates.push((id, pname));
            }
        }

        let make = |platform: cl_platform_id, pname: &str, device: cl_device_id| {
            let device_name = api
                .device_string(device, CL_DEVICE_NAME)
                .map_err(|c| refused(pname, "to name its device", c))?;
            Ok(Device {
                api,
                platform,
                device,
                platform_name: pname.to_string(),
                device_name,
            })
        };
        for (id, pname) in &candidates {
            let vendor = api
                .platform_string(*id, CL_PLATFORM_VENDOR)
                .unwrap_or_default();
            if pname.to_lowercase().contains(&wanted) || vendor.to_lowercase().contains(&wanted) {
                let devices =
                    devices(api, *id).map_err(|c| refused(pname, "to list its devices", c))?;
                match devices.first() {
                    Some(&d) => return make(*id, pname, d),
                    None => return Err(refused(pname, "to list its devices", CL_DEVICE_NOT_FOUND)),
                }
            }
        }
        for (id, pname) in &candidates {
            // A platform that cannot list its devices simply matches nothing here.
            for d in devices(api, *id).unwrap_or_default() {
                let dname = api.device_string(d, CL_DEVICE_NAME).unwrap_or_default();
                if dname.to_lowercase().contains(&wanted) {
                    return make(*id, pname, d);
                }
            }
        }
        Err(CompareError::NoPlatform {
            name: name.to_string(),
            ocl_icd_vendors: if listed.is_empty() {
                std::env::var("OCL_ICD_VENDORS").ok()
            } else {
                None
            },
            platforms: listed,
        })
    }

    pub fn platform_name(&self) -> &str {
        &self.platform_name
    }

    pub fn device_name(&self) -> &str {
        &self.device_name
    }

    fn refused(&self, what: impl Into<String>, code: cl_int) -> CompareError {
        CompareError::Refused {
            platform: self.platform_name.clone(),
            what: what.into(),
            code,
        }
    }

    /// Builds and runs one launch; returns, per argument, the bytes of a Buffer argument after
    /// the launch (None for other kinds).
    pub fn run(&self, launch: &Launch) -> Result<Vec<Option<Vec<u8>>>, CompareError> {
        validate(launch)?;
        let api = self.api;
        let mut err: cl_int = 0;

        // Objects are released in the reverse order of these declarations (Rust drops locals
        // last-declared first): buffers, kernel, program, queue, context.
        let props: [cl_context_properties; 3] = [
            CL_CONTEXT_PLATFORM,
            self.platform as cl_context_properties,
            0,
        ];
        // SAFETY: the property list is zero-terminated, one valid device id.
        let ctx = unsafe {
            (api.create_context)(props.as_ptr(), 1, &self.device, None, null_mut(), &mut err)
        };
        let context = Guard::new(ctx, api.release_context);
        check(err).map_err(|c| self.refused("to create a context", c))?;
        // SAFETY: a valid context and its device.
        let q = unsafe { (api.create_command_queue)(context.get(), self.device, 0, &mut err) };
        let queue = Guard::new(q, api.release_command_queue);
        check(err).map_err(|c| self.refused("to create a command queue", c))?;

        let program = Guard::new(
            self.create_program(context.get(), &launch.program)?,
            api.release_program,
        );
        self.build(program.get(), &launch.options)?;
        let kname = CString::new(launch.kernel.as_str()).map_err(|_| {
            CompareError::Invalid(format!("kernel name {:?} contains NUL", launch.kernel))
        })?;
        // SAFETY: a built program and a NUL-terminated name.
        let k = unsafe { (api.create_kernel)(program.get(), kname.as_ptr(), &mut err) };
        let kernel = Guard::new(k, api.release_kernel);
        check(err).map_err(|c| self.refused(format!("the kernel '{}'", launch.kernel), c))?;

        let mut stores = Vec::with_capacity(launch.stores.len());
        for store in &launch.stores {
            stores.push(self.buffer(context.get(), store, CL_MEM_READ_WRITE)?);
        }
        // One memory object per Buffer argument (None for the other kinds), and its length.
        let mut mems: Vec<Option<(Guard, usize)>> = Vec::with_capacity(launch.args.len());
        for arg in &launch.args {
            let Arg::Buffer {
                bytes,
                read_only,
                write_only,
                view,
            } = arg
            else {
                mems.push(None);
                continue;
            };
            let access = match (read_only, write_only) {
                (true, _) => CL_MEM_READ_ONLY,
                (false, true) => CL_MEM_WRITE_ONLY,
                (false, false) => CL_MEM_READ_WRITE,
            };
            let mem = match *view {
                None => self.buffer(context.get(), bytes, access)?,
                Some((store, offset)) => {
                    self.sub_buffer(stores[store].get(), offset, bytes.len(), access)?
                }
            };
            mems.push(Some((mem, bytes.len())));
        }

        let null_mem: cl_mem = null_mut();
        for (i, (arg, mem)) in launch.args.iter().zip(&mems).enumerate() {
            let (size, value): (usize, *const c_void) = match (arg, mem) {
                (Arg::Buffer { .. }, Some((m, _))) => (size_of::<cl_mem>(), m.handle_ptr()),
                (Arg::Local(n), _) => (*n as usize, null()),
                (Arg::Value(v), _) => (v.len(), v.as_ptr().cast()),
                _ => (size_of::<cl_mem>(), (&null_mem as *const cl_mem).cast()),
            };
            // SAFETY: `value` points at `size` readable bytes (or is NULL for __local).
            check(unsafe { (api.set_kernel_arg)(kernel.get(), i as cl_uint, size, value) })
                .map_err(|c| self.refused(format!("argument {i}"), c))?;
        }

        let dims = launch.work_dim as usize;
        let to_sizes = |v: &[u64; 3]| {
            v[..dims]
                .iter()
                .map(|&x| x as usize)
                .collect::<Vec<usize>>()
        };
        let (offset, global, local) = (
            to_sizes(&launch.offset),
            to_sizes(&launch.global),
            to_sizes(&launch.local),
        );
        // SAFETY: each array holds `work_dim` sizes; no events.
        check(unsafe {
            (api.enqueue_nd_range_kernel)(
                queue.get(),
                kernel.get(),
                launch.work_dim,
                offset.as_ptr(),
                global.as_ptr(),
                local.as_ptr(),
                0,
                null(),
                null_mut(),
            )
        })
        .map_err(|c| self.refused("the launch", c))?;
        // SAFETY: a valid queue.
        check(unsafe { (api.finish)(queue.get()) })
            .map_err(|c| self.refused("to finish the launch", c))?;

        let mut results = Vec::with_capacity(mems.len());
        for mem in &mems {
            let Some((m, len)) = mem else {
                results.push(None);
                continue;
            };
            let mut out = vec![0u8; *len];
            if *len > 0 {
                // SAFETY: a blocking read of `len` bytes into `out`, which has that many.
                check(unsafe {
                    (api.enqueue_read_buffer)(
                        queue.get(),
                        m.get(),
                        CL_TRUE,
                        0,
                        *len,
                        out.as_mut_ptr().cast(),
                        0,
                        null(),
                        null_mut(),
                    )
                })
                .map_err(|c| self.refused("to read a buffer", c))?;
            }
            results.push(Some(out));
        }
        Ok(results)
    }

    fn create_program(
        &self,
        context: *mut c_void,
        program: &Program,
    ) -> Result<*mut c_void, CompareError> {
        let mut err: cl_int = 0;
        let handle = match program {
            Program::Source { text } => {
                let (ptr, len) = (text.as_ptr().cast(), text.len());
                // SAFETY: one string given by pointer and length (no NUL needed).
                unsafe { (self.api.create_program_with_source)(context, 1, &ptr, &len, &mut err) }
            }
            Program::Il(il) => {
                let no_il = || CompareError::NoIl {
                    platform: self.platform_name.clone(),
                };
                let create = self.api.create_program_with_il().ok_or_else(no_il)?;
                // A loader may export the entry point for a device that has no IL compiler.
                let versions = self
                    .api
                    .device_string(self.device, CL_DEVICE_IL_VERSION)
                    .unwrap_or_default();
                if versions.is_empty() {
                    return Err(no_il());
                }
                // SAFETY: `il` is readable for its length.
                unsafe { create(context, il.as_ptr().cast(), il.len(), &mut err) }
            }
        };
        if err != 0 {
            if !handle.is_null() {
                // SAFETY: a program we own one reference to.
                unsafe { (self.api.release_program)(handle) };
            }
            return Err(self.refused("the program", err));
        }
        Ok(handle)
    }

    fn build(&self, program: *mut c_void, options: &str) -> Result<(), CompareError> {
        let opts = CString::new(options)
            .map_err(|_| CompareError::Invalid(format!("build options {options:?} contain NUL")))?;
        // SAFETY: one valid device and NUL-terminated options; synchronous (no callback).
        let code = unsafe {
            (self.api.build_program)(program, 1, &self.device, opts.as_ptr(), None, null_mut())
        };
        match code {
            0 => Ok(()),
            CL_BUILD_PROGRAM_FAILURE => {
                // SAFETY: the pointers come from `string`, sized as it says.
                let log = self.api.string(|n, p, r| unsafe {
                    (self.api.get_program_build_info)(
                        program,
                        self.device,
                        CL_PROGRAM_BUILD_LOG,
                        n,
                        p,
                        r,
                    )
                });
                let log = log.unwrap_or_else(|c| format!("(no build log: {})", error_name(c)));
                Err(CompareError::Build {
                    platform: self.platform_name.clone(),
                    log,
                })
            }
            CL_INVALID_BUILD_OPTIONS => {
                Err(self.refused(format!("the build options '{options}'"), code))
            }
            _ => Err(self.refused("to build the program", code)),
        }
    }

    /// A buffer initialised from `bytes` (COPY_HOST_PTR). OpenCL has no empty buffers, so an
    /// empty one becomes one zero byte (never read back).
    fn buffer(
        &self,
        context: *mut c_void,
        bytes: &[u8],
        access: cl_mem_flags,
    ) -> Result<Guard, CompareError> {
        let zero = [0u8; 1];
        let data = if bytes.is_empty() { &zero[..] } else { bytes };
        let mut err: cl_int = 0;
        // SAFETY: COPY_HOST_PTR only reads `data.len()` bytes during the call.
        let mem = unsafe {
            (self.api.create_buffer)(
                context,
                access | CL_MEM_COPY_HOST_PTR,
                data.len(),
                data.as_ptr() as *mut c_void,
                &mut err,
            )
        };
        let guard = Guard::new(mem, self.api.release_mem_object);
        check(err).map_err(|c| self.refused(format!("a buffer of {} bytes", bytes.len()), c))?;
        Ok(guard)
    }

    fn sub_buffer(
        &self,
        parent: *mut c_void,
        offset: u64,
        size: usize,
        access: cl_mem_flags,
    ) -> Result<Guard, CompareError> {
        let region = cl_buffer_region {
            origin: offset as usize,
            size,
        };
        let mut err: cl_int = 0;
        // SAFETY: a valid parent buffer and a region struct that outlives the call.
        let mem = unsafe {
            (self.api.create_sub_buffer)(
                parent,
                access,
                CL_BUFFER_CREATE_TYPE_REGION,
                (&region as *const cl_buffer_region).cast(),
                &mut err,
            )
        };
        let guard = Guard::new(mem, self.api.release_mem_object);
        match err {
            0 => Ok(guard),
            CL_MISALIGNED_SUB_BUFFER_OFFSET => {
                let mut align_bits: cl_uint = 0;
                // SAFETY: a cl_uint query into a cl_uint.
                unsafe {
                    (self.api.get_device_info)(
                        self.device,
                        CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                        size_of::<cl_uint>(),
                        (&mut align_bits as *mut cl_uint).cast(),
                        null_mut(),
                    )
                };
                Err(CompareError::SubBufferOffset {
                    platform: self.platform_name.clone(),
                    offset,
                    align_bits,
                })
            }
            c => Err(self.refused(
                format!("a sub-buffer of {size} bytes at offset {offset}"),
                c,
            )),
        }
    }
}

/// Checks what the platform cannot: dimensions and views inside their stores.
fn validate(launch: &Launch) -> Result<(), CompareError> {
    if !(1..=3).contains(&launch.work_dim) {
        return Err(CompareError::Invalid(format!(
            "work_dim {} is not 1, 2 or 3",
            launch.work_dim
        )));
    }
    for (i, arg) in launch.args.iter().enumerate() {
        if let Arg::Buffer {
            bytes,
            view: Some((store, offset)),
            ..
        } = arg
        {
            let Some(s) = launch.stores.get(*store) else {
                return Err(CompareError::Invalid(format!(
                    "argument {i} views store {store} of {}",
                    launch.stores.len()
                )));
            };
            if offset.saturating_add(bytes.len() as u64) > s.len() as u64 {
                return Err(CompareError::Invalid(format!(
                    "argument {i} views {} bytes at offset {offset} of a {}-byte store",
                    bytes.len(),
                    s.len()
                )));
            }
        }
    }
    Ok(())
}

fn devices(api: &Api, platform: cl_platform_id) -> Result<Vec<cl_device_id>, cl_int> {
    let mut count: cl_uint = 0;
    // SAFETY: a count query.
    let code =
        unsafe { (api.get_device_ids)(platform, CL_DEVICE_TYPE_ALL, 0, null_mut(), &mut count) };
    if code == CL_DEVICE_NOT_FOUND {
        return Ok(Vec::new());
    }
    check(code)?;
    let mut ids = vec![null_mut(); count as usize];
    // SAFETY: `ids` has room for `count` ids.
    check(unsafe {
        (api.get_device_ids)(
            platform,
            CL_DEVICE_TYPE_ALL,
            count,
            ids.as_mut_ptr(),
            &mut count,
        )
    })?;
    ids.truncate(count as usize);
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_platform_messages() {
        let e = CompareError::NoPlatform {
            name: "nv".into(),
            platforms: vec!["A".into(), "B".into()],
            ocl_icd_vendors: None,
        };
        assert_eq!(
            e.to_string(),
            "No OpenCL platform matches 'nv' (platforms: A, B)"
        );
        let e = CompareError::NoPlatform {
            name: "nv".into(),
            platforms: vec![],
            ocl_icd_vendors: None,
        };
        assert_eq!(
            e.to_string(),
            "No OpenCL platform matches 'nv' (the ICD loader found none; OCL_ICD_VENDORS is not set)"
        );
        let e = CompareError::NoPlatform {
            name: "nv".into(),
            platforms: vec![],
            ocl_icd_vendors: Some("/x".into()),
        };
        assert!(e.to_string().ends_with("OCL_ICD_VENDORS is /x)"));
    }

    #[test]
    fn other_messages() {
        let refused = CompareError::Refused {
            platform: "P".into(),
            what: "the launch".into(),
            code: -54,
        };
        assert_eq!(
            refused.to_string(),
            "P refused the launch: CL_INVALID_WORK_GROUP_SIZE (-54)"
        );
        let sub = CompareError::SubBufferOffset {
            platform: "P".into(),
            offset: 4,
            align_bits: 1024,
        };
        assert_eq!(
            sub.to_string(),
            "P cannot make a sub-buffer at offset 4 (CL_DEVICE_MEM_BASE_ADDR_ALIGN is 1024 bits)"
        );
        let build = CompareError::Build {
            platform: "P".into(),
            log: "oops".into(),
        };
        assert_eq!(build.to_string(), "Build failure on P:\noops");
        assert_eq!(
            CompareError::NoIl {
                platform: "P".into()
            }
            .to_string(),
            "P has no clCreateProgramWithIL"
        );
        assert_eq!(
            CompareError::Simulator.to_string(),
            "--compare-with cannot name this simulator"
        );
        assert_eq!(
            CompareError::Load(cl::LoadError("x: no such file".into())).to_string(),
            "Cannot load the OpenCL ICD loader (libOpenCL.so.1): x: no such file"
        );
    }

    #[test]
    fn simulator_is_refused_before_loading() {
        assert_eq!(
            Device::find("OclGrind").unwrap_err(),
            CompareError::Simulator
        );
    }

    #[test]
    fn invalid_launches() {
        let mut launch = Launch {
            program: Program::Source {
                text: String::new(),
            },
            options: String::new(),
            kernel: "k".into(),
            work_dim: 0,
            offset: [0; 3],
            global: [1; 3],
            local: [1; 3],
            args: vec![Arg::Buffer {
                bytes: vec![0; 8],
                read_only: false,
                write_only: false,
                view: Some((0, 4)),
            }],
            stores: vec![vec![0; 8]],
        };
        assert!(validate(&launch)
            .unwrap_err()
            .to_string()
            .contains("work_dim 0"));
        launch.work_dim = 1;
        assert!(validate(&launch)
            .unwrap_err()
            .to_string()
            .contains("views 8 bytes at offset 4 of a 8-byte store"));
        launch.stores.clear();
        assert!(validate(&launch)
            .unwrap_err()
            .to_string()
            .contains("views store 0 of 0"));
    }
}
