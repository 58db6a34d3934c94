//! Kernel entry points.

use super::*;
use crate::error::{api_call, api_create, fail};
use crate::info::val;
use crate::kernel::{get_kernel, Kernel};
use crate::platform::{check_device, settings};
use crate::program::get_program;

pub unsafe extern "C" fn clCreateKernel(
    program: cl_program,
    kernel_name: *const c_char,
    errcode_ret: *mut cl_int,
) -> cl_kernel {
    api_create("clCreateKernel", errcode_ret, || {
        let p = get_program(program)?;
        let Some(name) = c_string(kernel_name) else {
            fail!(CL_INVALID_VALUE, "kernel_name is NULL");
        };
        Ok(hand_out(handle::create(Kernel::new(&p, &name)?)))
    })
}

pub unsafe extern "C" fn clCreateKernelsInProgram(
    program: cl_program,
    num_kernels: cl_uint,
    kernels: *mut cl_kernel,
    num_kernels_ret: *mut cl_uint,
) -> cl_int {
    api_call("clCreateKernelsInProgram", || {
        let p = get_program(program)?;
        let Some(exe) = p.executable() else {
            fail!(
                CL_INVALID_PROGRAM_EXECUTABLE,
                "The program has not been built successfully"
            );
        };
        let names = &exe.kernel_names;
        ensure!(
            kernels.is_null() || num_kernels as usize >= names.len(),
            CL_INVALID_VALUE,
            "num_kernels is {num_kernels}, but the program has {} kernels",
            names.len()
        );
        if !kernels.is_null() {
            // Make them all before handing any out, so that a failure leaks nothing.
            let made = names
                .iter()
                .map(|n| Kernel::new(&p, n))
                .collect::<ClResult<Vec<_>>>()
                .map_err(|e| crate::error::ClError::new(CL_INVALID_PROGRAM_EXECUTABLE, e.info))?;
            for (i, k) in made.into_iter().enumerate() {
                *kernels.add(i) = hand_out(handle::create(k));
            }
        }
        if !num_kernels_ret.is_null() {
            *num_kernels_ret = names.len() as cl_uint;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn clCloneKernel(
    source_kernel: cl_kernel,
    errcode_ret: *mut cl_int,
) -> cl_kernel {
    api_create("clCloneKernel", errcode_ret, || {
        let k = get_kernel(source_kernel)?;
        Ok(hand_out(handle::create(k.duplicate())))
    })
}

pub unsafe extern "C" fn clRetainKernel(kernel: cl_kernel) -> cl_int {
    api_call("clRetainKernel", || {
        handle::retain::<Kernel>(kernel, "kernel")
    })
}

pub unsafe extern "C" fn clReleaseKernel(kernel: cl_kernel) -> cl_int {
    api_call("clReleaseKernel", || {
        handle::release::<Kernel>(kernel, "kernel").map(drop)
    })
}

pub unsafe extern "C" fn clSetKernelArg(
    kernel: cl_kernel,
    arg_index: cl_uint,
    arg_size: size_t,
    arg_value: *const c_void,
) -> cl_int {
    api_call("clSetKernelArg", || {
        get_kernel(kernel)?.set_arg(arg_index, arg_size, arg_value)
    })
}

pub unsafe extern "C" fn clGetKernelInfo(
    kernel: cl_kernel,
    param_name: cl_kernel_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetKernelInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let k = get_kernel(kernel)?;
            Ok(match param_name {
                CL_KERNEL_FUNCTION_NAME => val(k.name()),
                CL_KERNEL_NUM_ARGS => val(&(k.info().params.len() as cl_uint)),
                CL_KERNEL_REFERENCE_COUNT => val(&k.ref_count()),
                CL_KERNEL_CONTEXT => val(&handle::raw(&k.program.context)),
                CL_KERNEL_PROGRAM => val(&handle::raw(&k.program)),
                CL_KERNEL_ATTRIBUTES => val(&k.attributes()),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a kernel query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clGetKernelArgInfo(
    kernel: cl_kernel,
    arg_index: cl_uint,
    param_name: cl_kernel_arg_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetKernelArgInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let k = get_kernel(kernel)?;
            let p = k.param(arg_index)?;
            Ok(match param_name {
                CL_KERNEL_ARG_ADDRESS_QUALIFIER => val(&match p.address_qualifier {
                    1 => CL_KERNEL_ARG_ADDRESS_GLOBAL,
                    2 => CL_KERNEL_ARG_ADDRESS_CONSTANT,
                    3 => CL_KERNEL_ARG_ADDRESS_LOCAL,
                    _ => CL_KERNEL_ARG_ADDRESS_PRIVATE,
                }),
                CL_KERNEL_ARG_ACCESS_QUALIFIER => val(&match p.access_qualifier.as_str() {
                    "read_only" => CL_KERNEL_ARG_ACCESS_READ_ONLY,
                    "write_only" => CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
                    "read_write" => CL_KERNEL_ARG_ACCESS_READ_WRITE,
                    _ => CL_KERNEL_ARG_ACCESS_NONE,
                }),
                CL_KERNEL_ARG_TYPE_NAME => val(&p.type_name),
                CL_KERNEL_ARG_TYPE_QUALIFIER => {
                    // A cl_bitfield (8 bytes) in CL/cl.h, whatever opencl-sys says.
                    let mut q: cl_bitfield = CL_KERNEL_ARG_TYPE_NONE as cl_bitfield;
                    for word in p.type_qualifier.split_whitespace() {
                        q |= match word {
                            "const" => CL_KERNEL_ARG_TYPE_CONST,
                            "restrict" => CL_KERNEL_ARG_TYPE_RESTRICT,
                            "volatile" => CL_KERNEL_ARG_TYPE_VOLATILE,
                            "pipe" => CL_KERNEL_ARG_TYPE_PIPE,
                            _ => 0,
                        } as cl_bitfield;
                    }
                    val(&q)
                }
                CL_KERNEL_ARG_NAME => {
                    ensure!(
                        !p.name.is_empty(),
                        CL_KERNEL_ARG_INFO_NOT_AVAILABLE,
                        "The program was not built with argument names"
                    );
                    val(&p.name)
                }
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a kernel argument query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clGetKernelWorkGroupInfo(
    kernel: cl_kernel,
    device: cl_device_id,
    param_name: cl_kernel_work_group_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetKernelWorkGroupInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let k = get_kernel(kernel)?;
            if !device.is_null() {
                check_device(device, "device")?;
            }
            let attrs = &k.info().attrs;
            Ok(match param_name {
                CL_KERNEL_WORK_GROUP_SIZE => val(&(settings().max_wg_size as usize)),
                CL_KERNEL_COMPILE_WORK_GROUP_SIZE => val(&attrs
                    .reqd_work_group_size
                    .unwrap_or([0; 3])
                    .map(|v| v as usize)),
                CL_KERNEL_LOCAL_MEM_SIZE => val(&k.local_mem_size()),
                // A sub-group, as on hardware: applications size work-groups by it.
                CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => {
                    val(&(settings().preferred_work_group_multiple() as usize))
                }
                CL_KERNEL_PRIVATE_MEM_SIZE => val(&0u64),
                CL_KERNEL_GLOBAL_WORK_SIZE => fail!(
                    CL_INVALID_VALUE,
                    "CL_KERNEL_GLOBAL_WORK_SIZE is only for custom devices and built-in kernels"
                ),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a work-group query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clGetKernelSubGroupInfo(
    kernel: cl_kernel,
    device: cl_device_id,
    param_name: cl_kernel_sub_group_info,
    input_value_size: size_t,
    input_value: *const c_void,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetKernelSubGroupInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            get_kernel(kernel)?;
            if !device.is_null() {
                check_device(device, "device")?;
            }
            let s = settings();
            let (n, max_wg) = (s.sub_group_size.max(1) as usize, s.max_wg_size as usize);
            let words = slice(
                input_value as *const size_t,
                input_value_size / size_of::<size_t>(),
            );
            // A local size (1 to 3 dimensions), or one count.
            let local_items = || -> ClResult<usize> {
                ensure!(
                    (1..=3).contains(&words.len())
                        && input_value_size.is_multiple_of(size_of::<size_t>()),
                    CL_INVALID_VALUE,
                    "input_value must be a local size of 1 to 3 size_t values"
                );
                Ok(words.iter().product())
            };
            Ok(match param_name {
                CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE => val(&n.min(local_items()?)),
                CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE => val(&local_items()?.div_ceil(n)),
                CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT => {
                    ensure!(
                        input_value_size == size_of::<size_t>() && !input_value.is_null(),
                        CL_INVALID_VALUE,
                        "input_value must be one size_t: a number of sub-groups"
                    );
                    let dims = (param_value_size / size_of::<size_t>()).clamp(1, 3);
                    // That many full sub-groups in the first dimension, if a group can be so big.
                    let items = words[0].saturating_mul(n);
                    let mut local = vec![0usize; dims];
                    if (1..=max_wg).contains(&items) {
                        local[0] = items;
                        local[1..].fill(1);
                    }
                    local.iter().flat_map(|v| v.to_ne_bytes()).collect()
                }
                CL_KERNEL_MAX_NUM_SUB_GROUPS => val(&max_wg.div_ceil(n)),
                // No kernel asks for a number of sub-groups (there is no attribute for it).
                CL_KERNEL_COMPILE_NUM_SUB_GROUPS => val(&0usize),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a sub-group query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clSetKernelArgSVMPointer(
    kernel: cl_kernel,
    arg_index: cl_uint,
    arg_value: *const c_void,
) -> cl_int {
    api_call("clSetKernelArgSVMPointer", || {
        get_kernel(kernel)?.set_svm_arg(arg_index, arg_value as u64)
    })
}

pub unsafe extern "C" fn clSetKernelExecInfo(
    kernel: cl_kernel,
    param_name: cl_kernel_exec_info,
    param_value_size: size_t,
    param_value: *const c_void,
) -> cl_int {
    api_call("clSetKernelExecInfo", || {
        get_kernel(kernel)?;
        // An empty list of SVM pointers (NULL, 0) undoes an earlier one.
        ensure!(
            !param_value.is_null() || param_value_size == 0,
            CL_INVALID_VALUE,
            "param_value is NULL"
        );
        match param_name {
            // Kernels reach every SVM buffer of their context: nothing to note.
            CL_KERNEL_EXEC_INFO_SVM_PTRS => ensure!(
                param_value_size.is_multiple_of(size_of::<*const c_void>()),
                CL_INVALID_VALUE,
                "param_value_size ({param_value_size}) is not a multiple of a pointer's size"
            ),
            CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM => {
                ensure!(
                    !param_value.is_null() && param_value_size == size_of::<cl_bool>(),
                    CL_INVALID_VALUE,
                    "param_value_size is {param_value_size}, but a cl_bool has {}",
                    size_of::<cl_bool>()
                );
                ensure!(
                    *(param_value as *const cl_bool) == CL_FALSE,
                    CL_INVALID_OPERATION,
                    "Fine-grain system SVM is not supported (CL_DEVICE_SVM_CAPABILITIES is \
                     CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)"
                );
            }
            _ => fail!(
                CL_INVALID_VALUE,
                "For argument 'param_name': {param_name:#x} is not a kernel execution setting"
            ),
        }
        Ok(())
    })
}
