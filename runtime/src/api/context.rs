//! Context entry points.

use super::*;
use crate::context::{Callback, Context};
use crate::device::type_matches;
use crate::error::{api_call, api_create, blame, fail};
use crate::platform::{check_device, device};

/// A context argument: looked up, and noted as the one errors are reported to.
pub fn get_context(handle: cl_context) -> ClResult<Obj<Context>> {
    let c = handle::get::<Context>(handle, "context")?;
    blame(&c);
    Ok(c)
}

pub unsafe extern "C" fn clCreateContext(
    properties: *const cl_context_properties,
    num_devices: cl_uint,
    devices: *const cl_device_id,
    pfn_notify: ContextNotify,
    user_data: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_context {
    api_create("clCreateContext", errcode_ret, || {
        ensure!(
            num_devices > 0 && !devices.is_null(),
            CL_INVALID_VALUE,
            "num_devices is {num_devices} and devices is {}",
            if devices.is_null() {
                "NULL"
            } else {
                "not NULL"
            }
        );
        for (i, &d) in slice(devices, num_devices as usize).iter().enumerate() {
            check_device(d, &format!("devices[{i}]"))?;
        }
        let c = Context::new(properties, pfn_notify, user_data)?;
        Ok(hand_out(handle::create(c)))
    })
}

pub unsafe extern "C" fn clCreateContextFromType(
    properties: *const cl_context_properties,
    device_type: cl_device_type,
    pfn_notify: ContextNotify,
    user_data: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_context {
    api_create("clCreateContextFromType", errcode_ret, || {
        match type_matches(device_type) {
            None => fail!(
                CL_INVALID_DEVICE_TYPE,
                "For argument 'device_type': {device_type:#x}"
            ),
            Some(false) => fail!(CL_DEVICE_NOT_FOUND, "No devices of type {device_type:#x}"),
            Some(true) => {}
        }
        let c = Context::new(properties, pfn_notify, user_data)?;
        Ok(hand_out(handle::create(c)))
    })
}

pub unsafe extern "C" fn clRetainContext(context: cl_context) -> cl_int {
    api_call("clRetainContext", || {
        handle::retain::<Context>(context, "context")
    })
}

pub unsafe extern "C" fn clReleaseContext(context: cl_context) -> cl_int {
    api_call("clReleaseContext", || {
        handle::release::<Context>(context, "context").map(drop)
    })
}

pub unsafe extern "C" fn clGetContextInfo(
    context: cl_context,
    param_name: cl_context_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetContextInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let c = get_context(context)?;
            Ok(match param_name {
                CL_CONTEXT_REFERENCE_COUNT => crate::info::val(&c.ref_count()),
                CL_CONTEXT_NUM_DEVICES => crate::info::val(&1u32),
                CL_CONTEXT_DEVICES => crate::info::val(&[handle::raw(device())]),
                CL_CONTEXT_PROPERTIES => crate::info::val(&c.properties),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a context query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clSetContextDestructorCallback(
    context: cl_context,
    pfn_notify: ContextNotifyDestroyed,
    user_data: *mut c_void,
) -> cl_int {
    api_call("clSetContextDestructorCallback", || {
        let c = get_context(context)?;
        let Some(f) = pfn_notify else {
            fail!(CL_INVALID_VALUE, "For argument 'pfn_notify'");
        };
        c.add_destructor(Callback::new(f, user_data));
        Ok(())
    })
}
