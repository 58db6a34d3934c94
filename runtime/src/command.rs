//! Enqueued commands and how the queue worker carries them out.

use std::sync::Arc;

use oclgrind_core::context::Context as SimContext;
use oclgrind_core::{claim_launch_id, launch_as, ArgValue, KernelInstance, NDRange};

use crate::cl::*;
use crate::context::Context;
use crate::error::contained;
use crate::handle::Obj;
use crate::memobj::{Mapping, MemObject};
use crate::platform::settings;
use crate::program::{Executable, Program};

/// How a rectangular region is laid out in memory: where it starts and how far apart its rows
/// and slices are (all in bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub offset: usize,
    pub row_pitch: usize,
    pub slice_pitch: usize,
}

impl Layout {
    /// A region stored without gaps from `offset`.
    pub fn packed(offset: usize, region: [usize; 3]) -> Layout {
        Layout {
            offset,
            row_pitch: region[0],
            slice_pitch: region[0] * region[1],
        }
    }

    /// Offset of the row at (y, z).
    fn row(&self, y: usize, z: usize) -> usize {
        self.offset + y * self.row_pitch + z * self.slice_pitch
    }

    /// One past the last byte a region touches (None on overflow).
    pub fn end(&self, region: [usize; 3]) -> Option<usize> {
        if region.contains(&0) {
            return Some(self.offset);
        }
        let last_row = (region[1] - 1).checked_mul(self.row_pitch)?;
        let last_slice = (region[2] - 1).checked_mul(self.slice_pitch)?;
        self.offset
            .checked_add(last_row)?
            .checked_add(last_slice)?
            .checked_add(region[0])
    }

    /// Byte ranges the region covers, one per row.
    fn rows(&self, region: [usize; 3]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        (0..region[2]).flat_map(move |z| {
            (0..region[1]).map(move |y| {
                let start = self.row(y, z);
                start..start + region[0]
            })
        })
    }
}

/// Which way bytes go between simulated memory and the application's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    ToHost,
    ToDevice,
}

/// Copies a region between simulated memory at `base` and application memory at `host`;
/// plugins see host reads or writes.
pub fn host_copy(
    sim: &SimContext,
    base: u64,
    dev: &Layout,
    host: HostPtr,
    host_layout: &Layout,
    region: [usize; 3],
    direction: Direction,
) {
    let host = host.0 as *mut u8;
    for (d, h) in dev.rows(region).zip(host_layout.rows(region)) {
        let at = base + d.start as u64;
        // SAFETY: the application gives memory that holds the region in its layout (and
        // writable memory when we write to it).
        unsafe {
            match direction {
                Direction::ToHost => {
                    sim.host_read(
                        at,
                        std::slice::from_raw_parts_mut(host.add(h.start), h.len()),
                    );
                }
                Direction::ToDevice => {
                    sim.host_write(at, std::slice::from_raw_parts(host.add(h.start), h.len()));
                }
            }
        }
    }
}

/// A pointer into application memory, carried to the queue worker.
#[derive(Clone, Copy, Debug)]
pub struct HostPtr(pub usize);

impl HostPtr {
    pub fn new<T>(p: *const T) -> HostPtr {
        HostPtr(p as usize)
    }
}

/// A kernel launch with its arguments as they were when it was enqueued.
pub struct KernelRun {
    pub name: String,
    pub instance: Arc<KernelInstance>,
    pub args: Vec<ArgValue>,
    pub nd: NDRange,
    /// The memory object each argument refers to, kept alive until the launch is over.
    pub memory: Vec<Option<Obj<MemObject>>>,
    /// Whether the runtime chose the local size (the application passed NULL).
    pub auto_local: bool,
    /// The kernel's code and program-scope variables, whatever happens to its program.
    pub executable: Arc<Executable>,
    pub program: Obj<Program>,
}

pub type NativeFn = unsafe extern "C" fn(*mut c_void);

pub enum Command {
    /// Markers, barriers, migrations: nothing to do but to complete.
    Nothing,
    /// Bytes between a memory object and the application's memory.
    HostCopy {
        mem: Obj<MemObject>,
        dev: Layout,
        host: HostPtr,
        host_layout: Layout,
        region: [usize; 3],
        direction: Direction,
    },
    Copy {
        src: Obj<MemObject>,
        src_layout: Layout,
        dst: Obj<MemObject>,
        dst_layout: Layout,
        region: [usize; 3],
    },
    /// Repeats `pattern` over a region whose rows are whole multiples of it.
    Fill {
        mem: Obj<MemObject>,
        dev: Layout,
        region: [usize; 3],
        pattern: Vec<u8>,
    },
    Kernel(Box<KernelRun>),
    Native {
        func: NativeFn,
        args: Vec<u8>,
        /// Where in `args` each memory object's handle was; replaced by its data pointer.
        memory: Vec<(usize, Obj<MemObject>)>,
    },
    Map {
        mem: Obj<MemObject>,
        mapping: Mapping,
    },
    Unmap {
        mem: Obj<MemObject>,
        mapping: Mapping,
    },
    /// `len` bytes between SVM buffers or the application's memory (SVM host addresses).
    SvmCopy {
        context: Obj<Context>,
        dst: HostPtr,
        src: HostPtr,
        len: usize,
    },
    /// Repeats `pattern` over the `len` bytes of an SVM buffer at `dst`.
    SvmFill {
        context: Obj<Context>,
        dst: HostPtr,
        len: usize,
        pattern: Vec<u8>,
    },
    /// Frees SVM buffers, or hands them to the application's callback to free.
    SvmFree {
        context: Obj<Context>,
        queue: HostPtr,
        pointers: Vec<HostPtr>,
        callback: SvmFreeFn,
        user_data: HostPtr,
    },
}

impl Command {
    /// Carries the command out; an error becomes the event's (negative) status.
    pub fn run(self) -> Result<(), cl_int> {
        match self {
            Command::Nothing => {}
            Command::HostCopy {
                mem,
                dev,
                host,
                host_layout,
                region,
                direction,
            } => host_copy(
                &mem.context.sim,
                mem.address,
                &dev,
                host,
                &host_layout,
                region,
                direction,
            ),
            Command::Copy {
                src,
                src_layout,
                dst,
                dst_layout,
                region,
            } => {
                let global = &src.context.sim.global;
                for (s, d) in src_layout.rows(region).zip(dst_layout.rows(region)) {
                    global.copy(
                        dst.address + d.start as u64,
                        src.address + s.start as u64,
                        s.len() as u64,
                    );
                }
            }
            Command::Fill {
                mem,
                dev,
                region,
                pattern,
            } => {
                let row: Vec<u8> = pattern.iter().copied().cycle().take(region[0]).collect();
                for r in dev.rows(region) {
                    mem.context
                        .sim
                        .host_write(mem.address + r.start as u64, &row);
                }
            }
            Command::Kernel(run) => return run_kernel(*run),
            Command::Native {
                func,
                mut args,
                memory,
            } => {
                for (at, mem) in &memory {
                    let ptr = mem.host_address(0, mem.size).map_err(|e| e.code)? as usize;
                    args[*at..*at + size_of::<usize>()].copy_from_slice(&ptr.to_ne_bytes());
                }
                let data = if args.is_empty() {
                    std::ptr::null_mut()
                } else {
                    args.as_mut_ptr() as *mut c_void
                };
                // SAFETY: the application's native kernel, called as it asked.
                contained("a native kernel", || unsafe { func(data) });
            }
            Command::Map { mem, mapping } => mem.map_done(&mapping),
            Command::Unmap { mem, mapping } => mem.unmap_done(&mapping),
            Command::SvmCopy {
                context,
                dst,
                src,
                len,
            } => svm_copy(&context.sim, dst, src, len),
            Command::SvmFill {
                context,
                dst,
                len,
                pattern,
            } => {
                let bytes: Vec<u8> = pattern.iter().copied().cycle().take(len).collect();
                let at = context.sim.global.canonical(dst.0 as u64);
                context.sim.host_write(at, &bytes);
            }
            Command::SvmFree {
                context,
                queue,
                pointers,
                callback,
                user_data,
            } => crate::api::free_svm_all(&context, (queue, &pointers), callback, user_data),
        }
        Ok(())
    }
}

/// `clEnqueueSVMMemcpy`'s copy: through the simulator's memory where a side is an SVM buffer
/// (plugins see the host's access, copied bytes keep their shadow), else as `memmove` would.
fn svm_copy(sim: &SimContext, dst: HostPtr, src: HostPtr, len: usize) {
    let global = &sim.global;
    let (d, s) = (dst.0 as u64, src.0 as u64);
    let (d_svm, s_svm) = (global.canonical(d), global.canonical(s));
    // SAFETY: the application's memory holds the `len` bytes it names (enqueue checked that
    // a range in an SVM buffer lies whole in it).
    unsafe {
        match (d_svm != d, s_svm != s) {
            (true, true) => {
                global.copy(d_svm, s_svm, len as u64);
            }
            (true, false) => {
                sim.host_write(d_svm, std::slice::from_raw_parts(src.0 as *const u8, len));
            }
            (false, true) => {
                sim.host_read(s_svm, std::slice::from_raw_parts_mut(dst.0 as *mut u8, len));
            }
            (false, false) => std::ptr::copy(src.0 as *const u8, dst.0 as *mut u8, len),
        }
    }
}

fn run_kernel(run: KernelRun) -> Result<(), cl_int> {
    let sim = &run.program.context.sim;
    // Numbered before it starts, so that a capture's file names it as diagnostics do.
    let id = claim_launch_id();
    let capture = crate::capture::active().and_then(|c| c.before(&run, id));
    let result = launch_as(sim, &run.instance, &run.args, &run.nd, Some(id));
    if let (Some(capture), Ok(_)) = (capture, &result) {
        capture.after(sim);
    }
    // What the launch used may go now.
    drop(run.memory);
    drop(run.executable);
    match result {
        Ok(stats) => {
            if settings().timing {
                crate::error::stderr_line(&stats.timing_line(&run.name));
            }
            // Reported already; the event says the kernel did not run to its end.
            match stats.fatal_errors {
                0 => Ok(()),
                _ => Err(CL_OUT_OF_RESOURCES),
            }
        }
        Err(e) => {
            // Enqueue checks what a launch needs, so this is rare; the event reports it.
            crate::error::stderr_line(&format!(
                "Oclgrind: kernel '{}' could not run: {e}",
                run.name
            ));
            Err(CL_OUT_OF_RESOURCES)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_walk_rows() {
        let l = Layout {
            offset: 4,
            row_pitch: 10,
            slice_pitch: 100,
        };
        let rows: Vec<_> = l.rows([3, 2, 2]).collect();
        assert_eq!(rows, vec![4..7, 14..17, 104..107, 114..117]);
        assert_eq!(l.end([3, 2, 2]), Some(117));
        assert_eq!(Layout::packed(0, [4, 3, 2]).slice_pitch, 12);
        assert_eq!(l.end([0, 2, 2]), Some(4));
    }
}
