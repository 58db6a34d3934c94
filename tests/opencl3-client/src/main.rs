//! A small application written against the `opencl3` crate: builds a kernel, runs it with an
//! event dependency and profiling, checks every result and prints `PASS opencl3`.

use std::ptr;

use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{get_all_devices, Device, CL_DEVICE_TYPE_ALL};
use opencl3::kernel::{ExecuteKernel, Kernel};
use opencl3::memory::{Buffer, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
use opencl3::program::Program;
use opencl3::types::{cl_float, CL_BLOCKING, CL_NON_BLOCKING};

const SOURCE: &str = r#"
kernel void saxpy(global float *z, global const float *x, global const float *y, float a)
{
    size_t i = get_global_id(0);
    z[i] = a * x[i] + y[i];
}"#;

const N: usize = 1000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let id = *get_all_devices(CL_DEVICE_TYPE_ALL)?
        .first()
        .ok_or("no OpenCL device")?;
    let device = Device::new(id);
    println!("device: {}", device.name()?);
    let context = Context::from_device(&device)?;
    let queue =
        CommandQueue::create_default_with_properties(&context, CL_QUEUE_PROFILING_ENABLE, 0)?;
    let program = Program::create_and_build_from_source(&context, SOURCE, "")
        .map_err(|log| format!("build failed: {log}"))?;
    let kernel = Kernel::create(&program, "saxpy")?;

    let x_data = vec![2.0 as cl_float; N];
    let y_data: Vec<cl_float> = (0..N).map(|i| i as cl_float).collect();
    // SAFETY: no host pointers are given; the buffers are written before use.
    let (mut x, mut y, z) = unsafe {
        (
            Buffer::<cl_float>::create(&context, CL_MEM_READ_ONLY, N, ptr::null_mut())?,
            Buffer::<cl_float>::create(&context, CL_MEM_READ_ONLY, N, ptr::null_mut())?,
            Buffer::<cl_float>::create(&context, CL_MEM_WRITE_ONLY, N, ptr::null_mut())?,
        )
    };
    // SAFETY: the host slices outlive the (blocking or waited-for) commands.
    unsafe {
        queue.enqueue_write_buffer(&mut x, CL_BLOCKING, 0, &x_data, &[])?;
    }
    let y_written =
        unsafe { queue.enqueue_write_buffer(&mut y, CL_NON_BLOCKING, 0, &y_data, &[])? };
    let a: cl_float = 3.0;
    let run = unsafe {
        ExecuteKernel::new(&kernel)
            .set_arg(&z)
            .set_arg(&x)
            .set_arg(&y)
            .set_arg(&a)
            .set_global_work_size(N)
            .set_wait_event(&y_written)
            .enqueue_nd_range(&queue)?
    };
    let mut z_data = vec![0.0 as cl_float; N];
    let read =
        unsafe { queue.enqueue_read_buffer(&z, CL_NON_BLOCKING, 0, &mut z_data, &[run.get()])? };
    read.wait()?;

    for (i, v) in z_data.iter().enumerate() {
        let expected = 3.0 * 2.0 + i as cl_float;
        if *v != expected {
            return Err(format!("z[{i}] = {v}, expected {expected}").into());
        }
    }
    let (start, end) = (run.profiling_command_start()?, run.profiling_command_end()?);
    if end < start {
        return Err(format!("kernel ended ({end}) before it started ({start})").into());
    }
    println!("PASS opencl3");
    Ok(())
}
