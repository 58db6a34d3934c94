//! Platform and device entry points.

use super::*;
use crate::device::{device_info, type_matches};
use crate::error::{api_call, fail};
use crate::platform::{check_device, check_platform, device, platform, platform_info, Device};

pub unsafe extern "C" fn clGetPlatformIDs(
    num_entries: cl_uint,
    platforms: *mut cl_platform_id,
    num_platforms: *mut cl_uint,
) -> cl_int {
    api_call("clGetPlatformIDs", || {
        platform_ids(num_entries, platforms, num_platforms)
    })
}

pub unsafe extern "C" fn clIcdGetPlatformIDsKHR(
    num_entries: cl_uint,
    platforms: *mut cl_platform_id,
    num_platforms: *mut cl_uint,
) -> cl_int {
    api_call("clIcdGetPlatformIDsKHR", || {
        platform_ids(num_entries, platforms, num_platforms)
    })
}

unsafe fn platform_ids(
    num_entries: cl_uint,
    platforms: *mut cl_platform_id,
    num_platforms: *mut cl_uint,
) -> ClResult<()> {
    ensure!(
        num_entries != 0 || platforms.is_null(),
        CL_INVALID_VALUE,
        "num_entries is 0 but platforms is not NULL"
    );
    ensure!(
        !(platforms.is_null() && num_platforms.is_null()),
        CL_INVALID_VALUE,
        "platforms and num_platforms are both NULL"
    );
    if !platforms.is_null() {
        *platforms = handle::raw(platform());
    }
    if !num_platforms.is_null() {
        *num_platforms = 1;
    }
    Ok(())
}

pub unsafe extern "C" fn clGetPlatformInfo(
    platform: cl_platform_id,
    param_name: cl_platform_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetPlatformInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            check_platform(platform)?;
            platform_info(param_name)
        },
    )
}

pub unsafe extern "C" fn clGetDeviceIDs(
    platform: cl_platform_id,
    device_type: cl_device_type,
    num_entries: cl_uint,
    devices: *mut cl_device_id,
    num_devices: *mut cl_uint,
) -> cl_int {
    api_call("clGetDeviceIDs", || {
        check_platform(platform)?;
        let Some(matches) = type_matches(device_type) else {
            fail!(
                CL_INVALID_DEVICE_TYPE,
                "For argument 'device_type': {device_type:#x}"
            );
        };
        ensure!(
            num_entries != 0 || devices.is_null(),
            CL_INVALID_VALUE,
            "num_entries is 0 but devices is not NULL"
        );
        ensure!(
            !(devices.is_null() && num_devices.is_null()),
            CL_INVALID_VALUE,
            "devices and num_devices are both NULL"
        );
        ensure!(
            matches,
            CL_DEVICE_NOT_FOUND,
            "No devices of type {device_type:#x}"
        );
        if !devices.is_null() {
            *devices = handle::raw(device());
        }
        if !num_devices.is_null() {
            *num_devices = 1;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn clGetDeviceInfo(
    device: cl_device_id,
    param_name: cl_device_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetDeviceInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            check_device(device, "device")?;
            device_info(param_name)
        },
    )
}

pub unsafe extern "C" fn clCreateSubDevices(
    in_device: cl_device_id,
    _properties: *const cl_device_partition_property,
    _num_devices: cl_uint,
    _out_devices: *mut cl_device_id,
    _num_devices_ret: *mut cl_uint,
) -> cl_int {
    api_call("clCreateSubDevices", || {
        check_device(in_device, "in_device")?;
        fail!(
            CL_INVALID_VALUE,
            "The device cannot be partitioned (CL_DEVICE_PARTITION_MAX_SUB_DEVICES is 0)"
        )
    })
}

/// Root devices are not reference counted: retain and release only check the handle.
pub unsafe extern "C" fn clRetainDevice(device: cl_device_id) -> cl_int {
    api_call("clRetainDevice", || {
        handle::get::<Device>(device, "device").map(|_| ())
    })
}

pub unsafe extern "C" fn clReleaseDevice(device: cl_device_id) -> cl_int {
    api_call("clReleaseDevice", || {
        handle::get::<Device>(device, "device").map(|_| ())
    })
}

pub unsafe extern "C" fn clGetExtensionFunctionAddress(func_name: *const c_char) -> *mut c_void {
    let mut out = std::ptr::null_mut();
    api_call("clGetExtensionFunctionAddress", || {
        if let Some(name) = c_string(func_name) {
            out = crate::dispatch::function_address(&name).unwrap_or(std::ptr::null_mut());
        }
        Ok(())
    });
    out
}

pub unsafe extern "C" fn clGetExtensionFunctionAddressForPlatform(
    platform: cl_platform_id,
    func_name: *const c_char,
) -> *mut c_void {
    let mut out = std::ptr::null_mut();
    api_call("clGetExtensionFunctionAddressForPlatform", || {
        check_platform(platform)?;
        if let Some(name) = c_string(func_name) {
            out = crate::dispatch::function_address(&name).unwrap_or(std::ptr::null_mut());
        }
        Ok(())
    });
    out
}

pub unsafe extern "C" fn clUnloadCompiler() -> cl_int {
    CL_SUCCESS
}

pub unsafe extern "C" fn clUnloadPlatformCompiler(platform: cl_platform_id) -> cl_int {
    api_call("clUnloadPlatformCompiler", || check_platform(platform))
}

pub unsafe extern "C" fn clGetDeviceAndHostTimer(
    device: cl_device_id,
    device_timestamp: *mut cl_ulong,
    host_timestamp: *mut cl_ulong,
) -> cl_int {
    api_call("clGetDeviceAndHostTimer", || {
        check_device(device, "device")?;
        ensure!(
            !device_timestamp.is_null() && !host_timestamp.is_null(),
            CL_INVALID_VALUE,
            "device_timestamp and host_timestamp must not be NULL"
        );
        // The device clock is the host's monotonic clock (event profiling uses it too).
        let now = crate::event::now_ns();
        *device_timestamp = now;
        *host_timestamp = now;
        Ok(())
    })
}

pub unsafe extern "C" fn clGetHostTimer(
    device: cl_device_id,
    host_timestamp: *mut cl_ulong,
) -> cl_int {
    api_call("clGetHostTimer", || {
        check_device(device, "device")?;
        ensure!(
            !host_timestamp.is_null(),
            CL_INVALID_VALUE,
            "host_timestamp must not be NULL"
        );
        *host_timestamp = crate::event::now_ns();
        Ok(())
    })
}
