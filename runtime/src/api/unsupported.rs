//! Entry points for features the device does not have (it says so in its answers): OpenGL
//! sharing and pipes. Each refuses with the code the specification gives
//! for an unsupported feature, and says why with `--check-api`.

use super::context::get_context;
use super::memory::get_mem;
use super::*;
use crate::error::{api_call, api_create, fail};
use crate::queue::get_queue;

const NO_GL: &str = "OpenGL sharing is not supported (no cl_khr_gl_sharing)";
const NO_PIPES: &str = "Pipes are not supported (CL_DEVICE_PIPE_SUPPORT is false)";

/// A GL entry point taking a context: the context is checked, then the call refused.
unsafe fn refuse_gl_create(
    function: &'static str,
    context: cl_context,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create(function, errcode_ret, || {
        get_context(context)?;
        fail!(CL_INVALID_OPERATION, "{NO_GL}")
    })
}

pub unsafe extern "C" fn clCreateFromGLBuffer(
    context: cl_context,
    _flags: cl_mem_flags,
    _bufobj: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    refuse_gl_create("clCreateFromGLBuffer", context, errcode_ret)
}

pub unsafe extern "C" fn clCreateFromGLTexture(
    context: cl_context,
    _flags: cl_mem_flags,
    _target: cl_GLenum,
    _miplevel: cl_GLint,
    _texture: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    refuse_gl_create("clCreateFromGLTexture", context, errcode_ret)
}

pub unsafe extern "C" fn clCreateFromGLTexture2D(
    context: cl_context,
    _flags: cl_mem_flags,
    _target: cl_GLenum,
    _miplevel: cl_GLint,
    _texture: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    refuse_gl_create("clCreateFromGLTexture2D", context, errcode_ret)
}

pub unsafe extern "C" fn clCreateFromGLTexture3D(
    context: cl_context,
    _flags: cl_mem_flags,
    _target: cl_GLenum,
    _miplevel: cl_GLint,
    _texture: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    refuse_gl_create("clCreateFromGLTexture3D", context, errcode_ret)
}

pub unsafe extern "C" fn clCreateFromGLRenderbuffer(
    context: cl_context,
    _flags: cl_mem_flags,
    _renderbuffer: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    refuse_gl_create("clCreateFromGLRenderbuffer", context, errcode_ret)
}

pub unsafe extern "C" fn clCreateEventFromGLsyncKHR(
    context: cl_context,
    _sync: cl_GLsync,
    errcode_ret: *mut cl_int,
) -> cl_event {
    refuse_gl_create("clCreateEventFromGLsyncKHR", context, errcode_ret)
}

pub unsafe extern "C" fn clGetGLObjectInfo(
    memobj: cl_mem,
    _gl_object_type: *mut cl_gl_object_type,
    _gl_object_name: *mut cl_GLuint,
) -> cl_int {
    api_call("clGetGLObjectInfo", || {
        get_mem(memobj, "memobj")?;
        fail!(
            CL_INVALID_GL_OBJECT,
            "The memory object was not made from a GL object"
        )
    })
}

pub unsafe extern "C" fn clGetGLTextureInfo(
    memobj: cl_mem,
    _param_name: cl_gl_texture_info,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    api_call("clGetGLTextureInfo", || {
        get_mem(memobj, "memobj")?;
        fail!(
            CL_INVALID_GL_OBJECT,
            "The memory object was not made from a GL texture"
        )
    })
}

unsafe fn refuse_gl_objects(function: &'static str, command_queue: cl_command_queue) -> cl_int {
    api_call(function, || {
        get_queue(command_queue)?;
        fail!(CL_INVALID_OPERATION, "{NO_GL}")
    })
}

pub unsafe extern "C" fn clEnqueueAcquireGLObjects(
    command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    refuse_gl_objects("clEnqueueAcquireGLObjects", command_queue)
}

pub unsafe extern "C" fn clEnqueueReleaseGLObjects(
    command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    refuse_gl_objects("clEnqueueReleaseGLObjects", command_queue)
}

pub unsafe extern "C" fn clGetGLContextInfoKHR(
    _properties: *const cl_context_properties,
    _param_name: cl_gl_context_info,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    api_call("clGetGLContextInfoKHR", || {
        fail!(CL_INVALID_OPERATION, "{NO_GL}")
    })
}

pub unsafe extern "C" fn clCreatePipe(
    context: cl_context,
    _flags: cl_mem_flags,
    _pipe_packet_size: cl_uint,
    _pipe_max_packets: cl_uint,
    _properties: *const cl_pipe_properties,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreatePipe", errcode_ret, || {
        get_context(context)?;
        fail!(CL_INVALID_OPERATION, "{NO_PIPES}")
    })
}

pub unsafe extern "C" fn clGetPipeInfo(
    pipe: cl_mem,
    _param_name: cl_pipe_info,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    api_call("clGetPipeInfo", || {
        get_mem(pipe, "pipe")?;
        fail!(CL_INVALID_MEM_OBJECT, "{NO_PIPES}")
    })
}
