//! Program entry points.

use super::context::get_context;
use super::*;
use crate::error::{api_call, api_create, contained, fail};
use crate::info::val;
use crate::platform::{check_device, device};
use crate::program::{get_program, Origin, Program};

/// Checks a (num_devices, device_list) pair: NULL or a list of our device.
unsafe fn check_device_list(num: cl_uint, list: *const cl_device_id) -> ClResult<()> {
    ensure!(
        (num == 0) == list.is_null(),
        CL_INVALID_VALUE,
        "num_devices is {num} but device_list is {}",
        if list.is_null() { "NULL" } else { "not NULL" }
    );
    for (i, &d) in slice(list, num as usize).iter().enumerate() {
        check_device(d, &format!("device_list[{i}]"))?;
    }
    Ok(())
}

fn check_callback(notify: ProgramNotify, user_data: *mut c_void) -> ClResult<()> {
    ensure!(
        notify.is_some() || user_data.is_null(),
        CL_INVALID_VALUE,
        "pfn_notify is NULL but user_data is not"
    );
    Ok(())
}

/// Runs a build callback (builds are synchronous: it runs before the call returns).
fn notify_built(notify: ProgramNotify, program: cl_program, user_data: *mut c_void) {
    if let Some(f) = notify {
        // SAFETY: the application's callback for this program.
        contained("a program build callback", || unsafe {
            f(program, user_data)
        });
    }
}

pub unsafe extern "C" fn clCreateProgramWithSource(
    context: cl_context,
    count: cl_uint,
    strings: *mut *const c_char,
    lengths: *const size_t,
    errcode_ret: *mut cl_int,
) -> cl_program {
    api_create("clCreateProgramWithSource", errcode_ret, || {
        let c = get_context(context)?;
        ensure!(
            count > 0 && !strings.is_null(),
            CL_INVALID_VALUE,
            "count is {count} and strings is {}",
            if strings.is_null() {
                "NULL"
            } else {
                "not NULL"
            }
        );
        let mut source = Vec::new();
        for i in 0..count as usize {
            let s = *strings.add(i);
            ensure!(!s.is_null(), CL_INVALID_VALUE, "strings[{i}] is NULL");
            let len = if lengths.is_null() {
                0
            } else {
                *lengths.add(i)
            };
            if len == 0 {
                source.extend_from_slice(std::ffi::CStr::from_ptr(s).to_bytes());
            } else {
                source.extend_from_slice(std::slice::from_raw_parts(s as *const u8, len));
            }
        }
        let source = String::from_utf8_lossy(&source).into_owned();
        Ok(hand_out(handle::create(Program::from_source(c, source))))
    })
}

pub unsafe extern "C" fn clCreateProgramWithBinary(
    context: cl_context,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    lengths: *const size_t,
    binaries: *mut *const u8,
    binary_status: *mut cl_int,
    errcode_ret: *mut cl_int,
) -> cl_program {
    api_create("clCreateProgramWithBinary", errcode_ret, || {
        let c = get_context(context)?;
        ensure!(
            num_devices > 0 && !device_list.is_null(),
            CL_INVALID_VALUE,
            "device_list must name the device"
        );
        check_device_list(num_devices, device_list)?;
        ensure!(
            num_devices == 1,
            CL_INVALID_DEVICE,
            "device_list names the device more than once"
        );
        ensure!(
            !lengths.is_null() && !binaries.is_null(),
            CL_INVALID_VALUE,
            "lengths and binaries must not be NULL"
        );
        let (len, bin) = (*lengths, *binaries);
        ensure!(
            len > 0 && !bin.is_null(),
            CL_INVALID_VALUE,
            "lengths[0] is 0 or binaries[0] is NULL"
        );
        let result = Program::from_binary(c, std::slice::from_raw_parts(bin, len));
        if !binary_status.is_null() {
            *binary_status = if result.is_ok() {
                CL_SUCCESS
            } else {
                CL_INVALID_BINARY
            };
        }
        match result {
            Ok(p) => Ok(hand_out(handle::create(p))),
            Err(why) => fail!(
                CL_INVALID_BINARY,
                "binaries[0] is not an Oclgrind program binary (LLVM bitcode): {why}"
            ),
        }
    })
}

pub unsafe extern "C" fn clCreateProgramWithIL(
    context: cl_context,
    il: *const c_void,
    length: size_t,
    errcode_ret: *mut cl_int,
) -> cl_program {
    api_create("clCreateProgramWithIL", errcode_ret, || {
        let c = get_context(context)?;
        ensure!(
            !il.is_null() && length > 0,
            CL_INVALID_VALUE,
            "il is NULL or length is 0"
        );
        ensure!(
            crate::device::il_supported(),
            CL_INVALID_OPERATION,
            "SPIR-V needs the translator {}, which is not installed",
            oclgrind_core::compile::spirv_translator()
        );
        let bytes = std::slice::from_raw_parts(il as *const u8, length);
        Ok(hand_out(handle::create(Program::from_il(c, bytes)?)))
    })
}

pub unsafe extern "C" fn clCreateProgramWithBuiltInKernels(
    context: cl_context,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    _kernel_names: *const c_char,
    errcode_ret: *mut cl_int,
) -> cl_program {
    api_create("clCreateProgramWithBuiltInKernels", errcode_ret, || {
        get_context(context)?;
        check_device_list(num_devices, device_list)?;
        fail!(CL_INVALID_VALUE, "No built-in kernels available")
    })
}

pub unsafe extern "C" fn clRetainProgram(program: cl_program) -> cl_int {
    api_call("clRetainProgram", || {
        handle::retain::<Program>(program, "program")
    })
}

pub unsafe extern "C" fn clReleaseProgram(program: cl_program) -> cl_int {
    api_call("clReleaseProgram", || {
        handle::release::<Program>(program, "program").map(drop)
    })
}

pub unsafe extern "C" fn clBuildProgram(
    program: cl_program,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    options: *const c_char,
    pfn_notify: ProgramNotify,
    user_data: *mut c_void,
) -> cl_int {
    api_call("clBuildProgram", || {
        let p = get_program(program)?;
        check_device_list(num_devices, device_list)?;
        check_callback(pfn_notify, user_data)?;
        let result = p.build(&c_string(options).unwrap_or_default());
        notify_built(pfn_notify, program, user_data);
        result
    })
}

pub unsafe extern "C" fn clCompileProgram(
    program: cl_program,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    options: *const c_char,
    num_input_headers: cl_uint,
    input_headers: *const cl_program,
    header_include_names: *mut *const c_char,
    pfn_notify: ProgramNotify,
    user_data: *mut c_void,
) -> cl_int {
    api_call("clCompileProgram", || {
        let p = get_program(program)?;
        check_device_list(num_devices, device_list)?;
        check_callback(pfn_notify, user_data)?;
        ensure!(
            (num_input_headers == 0) == input_headers.is_null()
                && (num_input_headers == 0) == header_include_names.is_null(),
            CL_INVALID_VALUE,
            "num_input_headers is {num_input_headers} but input_headers or header_include_names do not match"
        );
        let mut headers = Vec::new();
        for i in 0..num_input_headers as usize {
            let h = handle::get::<Program>(*input_headers.add(i), "input_headers")?;
            let Some(text) = h.source() else {
                fail!(
                    CL_INVALID_OPERATION,
                    "input_headers[{i}] was not created from source"
                );
            };
            let Some(name) = c_string(*header_include_names.add(i)) else {
                fail!(CL_INVALID_VALUE, "header_include_names[{i}] is NULL");
            };
            headers.push((name, text.to_string()));
        }
        p.compile(&c_string(options).unwrap_or_default(), &headers)?;
        notify_built(pfn_notify, program, user_data);
        Ok(())
    })
}

pub unsafe extern "C" fn clLinkProgram(
    context: cl_context,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    options: *const c_char,
    num_input_programs: cl_uint,
    input_programs: *const cl_program,
    pfn_notify: ProgramNotify,
    user_data: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_program {
    let mut linked = std::ptr::null_mut();
    let code = api_call("clLinkProgram", || {
        let c = get_context(context)?;
        check_device_list(num_devices, device_list)?;
        check_callback(pfn_notify, user_data)?;
        ensure!(
            num_input_programs > 0 && !input_programs.is_null(),
            CL_INVALID_VALUE,
            "num_input_programs is {num_input_programs} and input_programs is {}",
            if input_programs.is_null() {
                "NULL"
            } else {
                "not NULL"
            }
        );
        let mut inputs = Vec::new();
        for i in 0..num_input_programs as usize {
            let p = handle::get::<Program>(*input_programs.add(i), "input_programs")?;
            ensure!(
                std::sync::Arc::ptr_eq(&p.context, &c),
                CL_INVALID_CONTEXT,
                "input_programs[{i}] belongs to another context"
            );
            inputs.push(p);
        }
        let (program, ok) = Program::link(c, &inputs, &c_string(options).unwrap_or_default())?;
        // A failed link still returns its program, whose log says what went wrong.
        linked = hand_out(handle::create(program));
        notify_built(pfn_notify, linked, user_data);
        ensure!(
            ok,
            CL_LINK_PROGRAM_FAILURE,
            "Linking failed (see the build log)"
        );
        Ok(())
    });
    if !errcode_ret.is_null() {
        *errcode_ret = code;
    }
    linked
}

pub unsafe extern "C" fn clGetProgramInfo(
    program: cl_program,
    param_name: cl_program_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    if param_name == CL_PROGRAM_BINARIES {
        return api_call("clGetProgramInfo", || {
            program_binaries(program, param_value_size, param_value, param_value_size_ret)
        });
    }
    info_call(
        "clGetProgramInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let p = get_program(program)?;
            let executable = || {
                p.executable().ok_or_else(|| {
                    crate::error::ClError::new(
                        CL_INVALID_PROGRAM_EXECUTABLE,
                        "The program has not been built successfully",
                    )
                })
            };
            Ok(match param_name {
                CL_PROGRAM_REFERENCE_COUNT => val(&p.ref_count()),
                CL_PROGRAM_CONTEXT => val(&handle::raw(&p.context)),
                CL_PROGRAM_NUM_DEVICES => val(&1u32),
                CL_PROGRAM_DEVICES => val(&[handle::raw(device())]),
                CL_PROGRAM_SOURCE => val(p.source().unwrap_or("")),
                CL_PROGRAM_IL => match &p.origin {
                    Origin::Il(il) => il.clone(),
                    _ => Vec::new(),
                },
                CL_PROGRAM_BINARY_SIZES => val(&[p.binary_for_application().len()]),
                CL_PROGRAM_NUM_KERNELS => val(&executable()?.kernel_names.len()),
                CL_PROGRAM_KERNEL_NAMES => val(&executable()?.kernel_names.join(";")),
                CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT | CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT => {
                    val(&CL_FALSE)
                }
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a program query"
                ),
            })
        },
    )
}

/// `CL_PROGRAM_BINARIES`: the value is an array of pointers, one per device, each to a buffer
/// of the size `CL_PROGRAM_BINARY_SIZES` gave; the binary is copied there.
unsafe fn program_binaries(
    program: cl_program,
    size: size_t,
    value: *mut c_void,
    size_ret: *mut size_t,
) -> ClResult<()> {
    let p = get_program(program)?;
    let needed = size_of::<*mut u8>();
    if !value.is_null() {
        ensure!(
            size >= needed,
            CL_INVALID_VALUE,
            "param_value_size is {size}, but result requires {needed} bytes"
        );
        let dst = *(value as *mut *mut u8);
        if !dst.is_null() {
            let binary = p.binary_for_application();
            std::ptr::copy_nonoverlapping(binary.as_ptr(), dst, binary.len());
        }
    }
    if !size_ret.is_null() {
        *size_ret = needed;
    }
    Ok(())
}

pub unsafe extern "C" fn clGetProgramBuildInfo(
    program: cl_program,
    device: cl_device_id,
    param_name: cl_program_build_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetProgramBuildInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let p = get_program(program)?;
            check_device(device, "device")?;
            let st = p.lock();
            Ok(match param_name {
                CL_PROGRAM_BUILD_STATUS => val(&st.status),
                CL_PROGRAM_BUILD_OPTIONS => val(&st.options),
                CL_PROGRAM_BUILD_LOG => val(&st.log),
                CL_PROGRAM_BINARY_TYPE => val(&st.binary_type),
                CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE => {
                    let total: u64 = st.executable.as_ref().map_or(0, |e| {
                        e.placed.program.code.globals.iter().map(|g| g.size).sum()
                    });
                    val(&(total as usize))
                }
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a build query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clSetProgramReleaseCallback(
    program: cl_program,
    _pfn_notify: ProgramNotify,
    _user_data: *mut c_void,
) -> cl_int {
    api_call("clSetProgramReleaseCallback", || {
        get_program(program)?;
        fail!(
            CL_INVALID_OPERATION,
            "Program release callbacks are not supported (no program-scope destructors)"
        )
    })
}

pub unsafe extern "C" fn clSetProgramSpecializationConstant(
    program: cl_program,
    _spec_id: cl_uint,
    _spec_size: size_t,
    _spec_value: *const c_void,
) -> cl_int {
    api_call("clSetProgramSpecializationConstant", || {
        let p = get_program(program)?;
        ensure!(
            matches!(p.origin, Origin::Il(_)),
            CL_INVALID_PROGRAM,
            "The program was not created from IL"
        );
        fail!(
            CL_INVALID_OPERATION,
            "Specialization constants are not supported yet"
        )
    })
}
