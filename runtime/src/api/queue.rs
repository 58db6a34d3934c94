//! Command-queue entry points.

use super::context::get_context;
use super::*;
use crate::error::{api_call, api_create, fail};
use crate::info::val;
use crate::platform::{check_device, device};
use crate::queue::{get_queue, Queue};

const SUPPORTED_PROPERTIES: cl_command_queue_properties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;

fn create_queue(
    context: cl_context,
    device: cl_device_id,
    properties: cl_command_queue_properties,
    array: Vec<cl_queue_properties>,
) -> ClResult<*mut c_void> {
    let c = get_context(context)?;
    check_device(device, "device")?;
    let unknown =
        properties & !(SUPPORTED_PROPERTIES | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT);
    ensure!(
        unknown == 0,
        CL_INVALID_VALUE,
        "For argument 'properties': unknown bits {unknown:#x}"
    );
    ensure!(
        properties & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT) == 0,
        CL_INVALID_QUEUE_PROPERTIES,
        "On-device queues are not supported"
    );
    Ok(hand_out(handle::create(Queue::new(c, properties, array))))
}

pub unsafe extern "C" fn clCreateCommandQueue(
    context: cl_context,
    device: cl_device_id,
    properties: cl_command_queue_properties,
    errcode_ret: *mut cl_int,
) -> cl_command_queue {
    api_create("clCreateCommandQueue", errcode_ret, || {
        create_queue(context, device, properties, Vec::new())
    })
}

pub unsafe extern "C" fn clCreateCommandQueueWithProperties(
    context: cl_context,
    device: cl_device_id,
    properties: *const cl_queue_properties,
    errcode_ret: *mut cl_int,
) -> cl_command_queue {
    api_create("clCreateCommandQueueWithProperties", errcode_ret, || {
        let list = property_list(properties);
        let mut bits = 0;
        for pair in list.chunks_exact(2) {
            match pair[0] as cl_uint {
                CL_QUEUE_PROPERTIES => bits = pair[1],
                CL_QUEUE_SIZE => fail!(
                    CL_INVALID_QUEUE_PROPERTIES,
                    "CL_QUEUE_SIZE is only for on-device queues, which are not supported"
                ),
                other => fail!(CL_INVALID_VALUE, "Unknown queue property {other:#x}"),
            }
        }
        create_queue(context, device, bits, list)
    })
}

pub unsafe extern "C" fn clRetainCommandQueue(command_queue: cl_command_queue) -> cl_int {
    api_call("clRetainCommandQueue", || {
        handle::retain::<Queue>(command_queue, "command_queue")
    })
}

pub unsafe extern "C" fn clReleaseCommandQueue(command_queue: cl_command_queue) -> cl_int {
    api_call("clReleaseCommandQueue", || {
        // Releasing flushes; commands already enqueued still run.
        handle::release::<Queue>(command_queue, "command_queue").map(drop)
    })
}

pub unsafe extern "C" fn clGetCommandQueueInfo(
    command_queue: cl_command_queue,
    param_name: cl_command_queue_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetCommandQueueInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let q = get_queue(command_queue)?;
            Ok(match param_name {
                CL_QUEUE_CONTEXT => val(&handle::raw(&q.context)),
                CL_QUEUE_DEVICE => val(&handle::raw(device())),
                CL_QUEUE_REFERENCE_COUNT => val(&q.ref_count()),
                CL_QUEUE_PROPERTIES => val(&q.properties),
                CL_QUEUE_PROPERTIES_ARRAY => val(&q.properties_array),
                CL_QUEUE_SIZE => fail!(
                    CL_INVALID_COMMAND_QUEUE,
                    "CL_QUEUE_SIZE is only for on-device queues"
                ),
                CL_QUEUE_DEVICE_DEFAULT => val(&std::ptr::null_mut::<c_void>()),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a queue query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clSetCommandQueueProperty(
    command_queue: cl_command_queue,
    _properties: cl_command_queue_properties,
    _enable: cl_bool,
    _old_properties: *mut cl_command_queue_properties,
) -> cl_int {
    api_call("clSetCommandQueueProperty", || {
        get_queue(command_queue)?;
        fail!(
            CL_INVALID_OPERATION,
            "clSetCommandQueueProperty was removed in OpenCL 1.1; set properties at creation"
        )
    })
}

pub unsafe extern "C" fn clSetDefaultDeviceCommandQueue(
    context: cl_context,
    device: cl_device_id,
    command_queue: cl_command_queue,
) -> cl_int {
    api_call("clSetDefaultDeviceCommandQueue", || {
        get_context(context)?;
        check_device(device, "device")?;
        // The device has no on-device queues (CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is 0):
        // whatever `command_queue` is, there is no default to replace.
        let _ = command_queue;
        fail!(CL_INVALID_OPERATION, "On-device queues are not supported")
    })
}

/// Commands start as soon as they can, so there is nothing to flush.
pub unsafe extern "C" fn clFlush(command_queue: cl_command_queue) -> cl_int {
    api_call("clFlush", || get_queue(command_queue).map(drop))
}

pub unsafe extern "C" fn clFinish(command_queue: cl_command_queue) -> cl_int {
    api_call("clFinish", || {
        ensure!(
            get_queue(command_queue)?.finish(),
            CL_INVALID_OPERATION,
            "{FROM_OWN_CALLBACK}"
        );
        Ok(())
    })
}
