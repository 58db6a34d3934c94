//! Kernels: a program's kernel function with the arguments the application has set.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use oclgrind_core::diagnostics::Diagnostic;
use oclgrind_core::memory::{released_argument_address, AddrSpace};
use oclgrind_core::program::{KernelInfo, KernelParam, ParamKind};
use oclgrind_core::{ArgValue, KernelError, KernelInstance};

use crate::cl::*;
use crate::error::{blame, ensure, fail, ClError, ClResult};
use crate::handle::{self, ClObject, Handle, Kind, Obj};
use crate::memobj::MemObject;
use crate::program::{Executable, Program};
use crate::sampler::Sampler;

/// An argument as set: its value and the memory object it refers to, which it does not keep
/// alive (the application may release it; the specification has kernel arguments hold no
/// reference).
#[derive(Clone)]
pub struct BoundArg {
    pub value: ArgValue,
    pub memory: Option<Weak<Handle<MemObject>>>,
}

/// An argument for a launch: its value and the memory object, kept while the launch runs.
pub struct LaunchArg {
    pub value: ArgValue,
    pub memory: Option<Obj<MemObject>>,
}

pub struct Kernel {
    pub program: Obj<Program>,
    /// Keeps the program's code and variables while the kernel exists.
    pub executable: Arc<Executable>,
    pub instance: Arc<KernelInstance>,
    args: Mutex<Vec<Option<BoundArg>>>,
}

impl ClObject for Kernel {
    const KIND: Kind = Kind::Kernel;
    const INVALID: cl_int = CL_INVALID_KERNEL;
}

/// Every kernel counts towards its program's (also those never handed out).
impl Drop for Kernel {
    fn drop(&mut self) {
        self.program.kernels.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A kernel argument: looked up, and its context noted for error reports.
pub fn get_kernel(handle: cl_kernel) -> ClResult<Obj<Kernel>> {
    let k = handle::get::<Kernel>(handle, "kernel")?;
    blame(&k.program.context);
    Ok(k)
}

impl Kernel {
    pub fn new(program: &Obj<Program>, name: &str) -> ClResult<Kernel> {
        let Some(executable) = program.executable() else {
            fail!(
                CL_INVALID_PROGRAM_EXECUTABLE,
                "The program has not been built successfully"
            );
        };
        let instance = match executable.placed.kernel(name) {
            Ok(k) => k,
            Err(KernelError::NotFound) => fail!(
                CL_INVALID_KERNEL_NAME,
                "Kernel '{name}' is not in the program"
            ),
            Err(KernelError::Unsupported(why)) => {
                // What the simulator cannot run failed the build; this is a kernel that does
                // not fit its context. Always say why, not just with --check-api.
                program.context.sim.log(&Diagnostic::text(
                    oclgrind_core::diagnostics::Level::Error,
                    format!("\n{why}\n"),
                ));
                fail!(
                    CL_OUT_OF_RESOURCES,
                    "Kernel '{name}' cannot be created (see the message above)"
                )
            }
        };
        let n = instance.code.info.params.len();
        Ok(Kernel::with(
            program.clone(),
            executable,
            Arc::new(instance),
            vec![None; n],
        ))
    }

    fn with(
        program: Obj<Program>,
        executable: Arc<Executable>,
        instance: Arc<KernelInstance>,
        args: Vec<Option<BoundArg>>,
    ) -> Kernel {
        program.kernels.fetch_add(1, Ordering::AcqRel);
        Kernel {
            program,
            executable,
            instance,
            args: Mutex::new(args),
        }
    }

    /// `clCloneKernel`: the same function with the same arguments.
    pub fn duplicate(&self) -> Kernel {
        Kernel::with(
            self.program.clone(),
            self.executable.clone(),
            self.instance.clone(),
            self.lock().clone(),
        )
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Option<BoundArg>>> {
        self.args.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn info(&self) -> &KernelInfo {
        &self.instance.code.info
    }

    pub fn name(&self) -> &str {
        &self.info().name
    }

    pub fn param(&self, index: cl_uint) -> ClResult<&KernelParam> {
        self.info().params.get(index as usize).ok_or_else(|| {
            ClError::new(
                CL_INVALID_ARG_INDEX,
                format!(
                    "arg_index is {index}, but the kernel has {} arguments",
                    self.info().params.len()
                ),
            )
        })
    }

    /// `clSetKernelArg`.
    pub fn set_arg(&self, index: cl_uint, size: usize, value: *const c_void) -> ClResult<()> {
        let p = self.param(index)?;
        let bound = bind(p, size, value, &self.program)?;
        self.lock()[index as usize] = Some(bound);
        Ok(())
    }

    /// `clSetKernelArgSVMPointer`: a pointer argument set to an address in shared virtual
    /// memory, which kernels use as it is (an address outside every SVM buffer is taken too:
    /// MemCheck reports what the kernel does with it).
    pub fn set_svm_arg(&self, index: cl_uint, address: u64) -> ClResult<()> {
        let p = self.param(index)?;
        ensure!(
            matches!(
                p.kind,
                ParamKind::Pointer(AddrSpace::Global | AddrSpace::Constant)
            ),
            CL_INVALID_ARG_VALUE,
            "Argument '{}' is not a pointer to __global or __constant memory",
            p.name
        );
        let bound = BoundArg {
            value: ArgValue::Pointer(address),
            memory: None,
        };
        self.lock()[index as usize] = Some(bound);
        Ok(())
    }

    /// The arguments for a launch, all of which must be set, and the names of those whose
    /// memory object the application released since. Those are bound to an address no buffer
    /// has, so that MemCheck reports every access (a freed address may be another buffer's by
    /// now).
    pub fn launch_args(&self) -> ClResult<(Vec<LaunchArg>, Vec<String>)> {
        let args = self.lock();
        let mut out = Vec::with_capacity(args.len());
        let mut released = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let Some(a) = a else {
                fail!(CL_INVALID_KERNEL_ARGS, "Not all kernel arguments set");
            };
            let memory = a
                .memory
                .as_ref()
                .map(|m| m.upgrade().filter(|m| m.ref_count() > 0));
            out.push(match memory {
                Some(None) => {
                    released.push(self.info().params[i].name.clone());
                    LaunchArg {
                        value: ArgValue::Pointer(released_argument_address(i)),
                        memory: None,
                    }
                }
                memory => LaunchArg {
                    value: a.value.clone(),
                    memory: memory.flatten(),
                },
            });
        }
        Ok((out, released))
    }

    /// Bytes of local memory a launch needs: kernel-scope variables and `__local` arguments.
    pub fn local_mem_size(&self) -> u64 {
        let code = &self.instance.code;
        let args: u64 = self
            .lock()
            .iter()
            .flatten()
            .map(|a| match a.value {
                ArgValue::LocalSize(n) => n,
                _ => 0,
            })
            .sum();
        code.static_local_size() + args
    }

    /// `CL_KERNEL_ATTRIBUTES`: the attributes in OpenCL C syntax.
    pub fn attributes(&self) -> String {
        let a = &self.info().attrs;
        let mut out = Vec::new();
        if let Some([x, y, z]) = a.reqd_work_group_size {
            out.push(format!("reqd_work_group_size({x},{y},{z})"));
        }
        if let Some([x, y, z]) = a.work_group_size_hint {
            out.push(format!("work_group_size_hint({x},{y},{z})"));
        }
        if let Some(t) = &a.vec_type_hint {
            out.push(format!("vec_type_hint({t})"));
        }
        out.join(" ")
    }
}

/// The value of one argument, checked against its parameter.
fn bind(
    p: &KernelParam,
    size: usize,
    value: *const c_void,
    program: &Obj<Program>,
) -> ClResult<BoundArg> {
    let plain = |value: ArgValue| BoundArg {
        value,
        memory: None,
    };
    let handle_size = size_of::<cl_mem>();
    let check_size = |expected: usize| -> ClResult<()> {
        ensure!(
            size == expected,
            CL_INVALID_ARG_SIZE,
            "arg_size is {size}, but argument should be {expected} bytes"
        );
        Ok(())
    };
    // SAFETY (for the reads below): `value` points to `size` bytes, as the caller promises.
    let read_handle = || -> *mut c_void {
        if value.is_null() {
            std::ptr::null_mut()
        } else {
            unsafe { *(value as *const *mut c_void) }
        }
    };
    match &p.kind {
        ParamKind::Pointer(AddrSpace::Local) => {
            ensure!(
                value.is_null(),
                CL_INVALID_ARG_VALUE,
                "arg_value must be NULL for a __local argument"
            );
            ensure!(
                size > 0,
                CL_INVALID_ARG_SIZE,
                "arg_size must not be 0 for a __local argument"
            );
            Ok(plain(ArgValue::LocalSize(size as u64)))
        }
        ParamKind::Pointer(_) => {
            check_size(handle_size)?;
            let h = read_handle();
            if h.is_null() {
                return Ok(plain(ArgValue::Pointer(0)));
            }
            let mem = handle::get::<MemObject>(h, "arg_value")?;
            ensure!(
                !mem.is_image(),
                CL_INVALID_ARG_VALUE,
                "An image was given for the buffer argument '{}'",
                p.name
            );
            ensure!(
                Arc::ptr_eq(&mem.context, &program.context),
                CL_INVALID_MEM_OBJECT,
                "The buffer belongs to another context"
            );
            Ok(BoundArg {
                value: ArgValue::Pointer(mem.kernel_address()),
                memory: Some(Arc::downgrade(&mem)),
            })
        }
        ParamKind::Image => {
            check_size(handle_size)?;
            ensure!(
                !value.is_null(),
                CL_INVALID_ARG_VALUE,
                "arg_value is NULL for the image argument '{}'",
                p.name
            );
            let mem = handle::get::<MemObject>(read_handle(), "arg_value")?;
            ensure!(
                Arc::ptr_eq(&mem.context, &program.context),
                CL_INVALID_MEM_OBJECT,
                "The image belongs to another context"
            );
            let Some(image) = &mem.image else {
                fail!(
                    CL_INVALID_ARG_VALUE,
                    "A buffer was given for the image argument '{}'",
                    p.name
                );
            };
            ensure!(
                image_type_matches(&p.type_name, image.image_type),
                CL_INVALID_ARG_VALUE,
                "Argument '{}' is an {} but the image is of another type",
                p.name,
                p.type_name
            );
            let refused = match p.access_qualifier.as_str() {
                "read_only" => mem.flags & CL_MEM_WRITE_ONLY != 0,
                "write_only" => mem.flags & CL_MEM_READ_ONLY != 0,
                "read_write" => mem.flags & (CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY) != 0,
                _ => false,
            };
            ensure!(
                !refused,
                CL_INVALID_ARG_VALUE,
                "The image's access flags do not allow the {} argument '{}'",
                p.access_qualifier,
                p.name
            );
            Ok(BoundArg {
                value: ArgValue::Pointer(image.descriptor),
                memory: Some(Arc::downgrade(&mem)),
            })
        }
        ParamKind::Sampler => {
            check_size(size_of::<cl_sampler>())?;
            // NULL is no sampler (the CTS expects this code, not CL_INVALID_ARG_VALUE).
            ensure!(
                !value.is_null(),
                CL_INVALID_SAMPLER,
                "arg_value is NULL for the sampler argument '{}'",
                p.name
            );
            let s = handle::get::<Sampler>(read_handle(), "arg_value")?;
            ensure!(
                Arc::ptr_eq(&s.context, &program.context),
                CL_INVALID_SAMPLER,
                "The sampler belongs to another context"
            );
            Ok(plain(ArgValue::Bytes(s.bits.to_le_bytes().to_vec())))
        }
        ParamKind::Value(_) | ParamKind::ByVal { .. } => {
            check_size(p.size as usize)?;
            ensure!(
                !value.is_null(),
                CL_INVALID_ARG_VALUE,
                "arg_value is NULL for the argument '{}' passed by value",
                p.name
            );
            // SAFETY: `value` points to `size` bytes.
            let bytes = unsafe { std::slice::from_raw_parts(value as *const u8, size) };
            Ok(plain(ArgValue::Bytes(bytes.to_vec())))
        }
        ParamKind::Unsupported(why) => fail!(
            CL_INVALID_ARG_VALUE,
            "Argument '{}' cannot be simulated: {why}",
            p.name
        ),
    }
}

/// Whether an image object fits an image parameter of type `type_name` (`image2d_t`, ...).
fn image_type_matches(type_name: &str, image_type: cl_mem_object_type) -> bool {
    let expected = match image_type {
        CL_MEM_OBJECT_IMAGE1D => "image1d_t",
        CL_MEM_OBJECT_IMAGE1D_BUFFER => "image1d_buffer_t",
        CL_MEM_OBJECT_IMAGE1D_ARRAY => "image1d_array_t",
        CL_MEM_OBJECT_IMAGE2D => "image2d_t",
        CL_MEM_OBJECT_IMAGE2D_ARRAY => "image2d_array_t",
        CL_MEM_OBJECT_IMAGE3D => "image3d_t",
        _ => return false,
    };
    // Type names may carry an access qualifier prefix (`__read_only image2d_t`).
    type_name.split_whitespace().last() == Some(expected)
}
