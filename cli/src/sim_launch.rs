//! A `.sim` file read into a launch: its program built or loaded, its arguments' buffers
//! allocated and initialised in a context (with this simulator's extensions: side files,
//! views of stores, images, shared virtual memory, program-scope variables), not yet run.

use std::sync::Arc;

use oclgrind_core::memory::{flags, AddrSpace};
use oclgrind_core::program::{KernelParam, ParamKind, ProgramError};
use oclgrind_core::{ArgValue, Context, KernelError, KernelInstance, NDRange, Program};

use crate::sim::{
    self, expand_range, parse_header, parse_launch_header, parse_value_str, Elem, Header,
    LaunchHeader, Range, Reader, SimError,
};

/// A buffer whose contents are printed after the run.
pub struct Dump {
    pub name: String,
    /// Where its bytes are (in the context's terms).
    pub address: u64,
    pub size: u64,
    pub elem: Elem,
    pub hex: bool,
}

/// A `.sim` file read: the kernel with its arguments (their buffers allocated and
/// initialised in the context it was read in) and the NDRange, not yet launched.
pub struct SimLaunch {
    pub kernel_name: String,
    pub kernel: KernelInstance,
    pub args: Vec<ArgValue>,
    pub nd: NDRange,
    /// Our extensions the file used, if any.
    pub launch: LaunchHeader,
    /// The program file the `.sim` file names.
    pub program_file: String,
    /// Each argument as the file gave it.
    pub described: Vec<SimArg>,
    /// The backing stores' addresses and sizes.
    pub stores: Vec<(u64, u64)>,
    /// The arguments marked `dump`, in order.
    pub dumps: Vec<Dump>,
}

/// An argument as a `.sim` file gives it, for running the launch elsewhere.
#[derive(Clone, Debug)]
pub enum SimArg {
    /// A buffer at `address` (a view of a store, or its own).
    Buffer {
        address: u64,
        size: u64,
        ro: bool,
        wo: bool,
        view: Option<sim::View>,
    },
    /// An image, its pixels at `address`.
    Image {
        address: u64,
        size: u64,
    },
    /// A pointer into shared virtual memory.
    Svm,
    Local(u64),
    Value(Vec<u8>),
    Null,
}

impl SimLaunch {
    /// Whether the argument of this name is dumped after the launch.
    pub fn dumps_argument(&self, name: &str) -> bool {
        self.dumps.iter().any(|d| d.name == name)
    }
}

/// What a `.sim` file names outside itself: its program and its side files.
pub trait SimFiles {
    /// The program in `file`, built with `options` (bitcode ignores them).
    fn program(&self, file: &str, options: &str) -> Result<Arc<Program>, ReadError>;
    /// The bytes of a side file (`file=`, `store=`, `global=`).
    fn side_file(&self, file: &str) -> Result<Vec<u8>, ReadError>;
}

/// The files beside a `.sim` file on disk. The program is looked for in the working
/// directory first, as Oclgrind does, then beside the `.sim` file; side files beside it.
pub struct Beside<'a> {
    pub ctx: &'a Context,
    /// The `.sim` file's directory.
    pub dir: std::path::PathBuf,
}

impl Beside<'_> {
    /// Where the program file named `file` is.
    pub fn program_path(&self, file: &str) -> std::path::PathBuf {
        let beside = self.dir.join(file);
        match std::path::Path::new(file).exists() || !beside.exists() {
            true => std::path::PathBuf::from(file),
            false => beside,
        }
    }
}

impl SimFiles for Beside<'_> {
    fn program(&self, file: &str, options: &str) -> Result<Arc<Program>, ReadError> {
        let path = self.program_path(file);
        load_program(self.ctx, &path.to_string_lossy(), file, options)
    }

    fn side_file(&self, file: &str) -> Result<Vec<u8>, ReadError> {
        std::fs::read(self.dir.join(file)).map_err(|_| ReadError::SideFile(file.to_string()))
    }
}

/// Why a `.sim` file could not be read into a launch; the text is what the user reads, as
/// Oclgrind's `oclgrind-kernel` words it.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Sim(#[from] SimError),
    #[error("Unable to open {0}")]
    ProgramFile(String),
    #[error("Unable to open side file {0}")]
    SideFile(String),
    #[error("Failed to load bitcode from {0}")]
    Bitcode(String),
    /// The build log, after clang's one-line summary where it gave one.
    #[error("{}Build failure:\n{log}", summary_line(.summary))]
    Build {
        summary: Option<String>,
        log: String,
    },
    /// The program's variables do not fit in memory.
    #[error("{0}")]
    Placement(#[from] oclgrind_core::context::PlaceError),
    #[error("Failed to create kernel {0}")]
    NoKernel(String),
    #[error("{why}\nFailed to create kernel {kernel}")]
    Kernel { kernel: String, why: String },
}

fn summary_line(summary: &Option<String>) -> String {
    summary
        .as_ref()
        .map(|s| format!("{s}\n"))
        .unwrap_or_default()
}

/// Loads the program a `.sim` file names (`named`, found at `path`): bitcode, or OpenCL C to
/// build with `options`.
fn load_program(
    ctx: &Context,
    path: &str,
    named: &str,
    options: &str,
) -> Result<Arc<Program>, ReadError> {
    let program_file = named;
    let data = std::fs::read(path).map_err(|_| ReadError::ProgramFile(program_file.to_string()))?;
    let program = if data.starts_with(b"BC") {
        ctx.program_from_bitcode(data).map_err(|e| match e {
            ProgramError::Module(_) => ReadError::Bitcode(program_file.to_string()),
            ProgramError::Unsupported(_) => ReadError::Build {
                summary: None,
                log: e.build_log(None),
            },
        })?
    } else {
        let source = String::from_utf8_lossy(&data);
        let program = ctx
            .build_program(&source, options)
            .map_err(|f| ReadError::Build {
                summary: f.summary,
                log: f.log,
            })?;
        // Warnings are only counted, as Oclgrind's in-process compiler does.
        if let Some(warnings) = &program.warnings {
            eprintln!("{warnings}");
        }
        program
    };
    Ok(Arc::new(program))
}

/// Reads the text of a `.sim` file in `ctx`, with the program and side files from `files`.
pub fn read_sim(ctx: &Context, text: &str, files: &dyn SimFiles) -> Result<SimLaunch, ReadError> {
    let mut r = Reader::new(text);
    r.ctx = "program file".into();
    let program_file = r.token()?;
    r.ctx = "kernel".into();
    let kernel_name = r.token()?;
    let mut nd = NDRange {
        work_dim: 3,
        global_offset: [0; 3],
        global_size: [0; 3],
        local_size: [0; 3],
    };
    r.ctx = "NDRange".into();
    for d in 0..3 {
        nd.global_size[d] = r.size()?;
    }
    r.ctx = "work-group size".into();
    for d in 0..3 {
        nd.local_size[d] = r.size()?;
    }
    let launch = read_launch_header(&mut r, &mut nd)?;

    let options = launch.options.as_deref().unwrap_or("");
    let program = files.program(&program_file, options)?;
    let placed = ctx.place_program(program)?;
    set_program_globals(ctx, &mut r, &placed, &launch, files)?;
    let kernel = placed.kernel(&kernel_name).map_err(|e| match e {
        KernelError::NotFound => ReadError::NoKernel(kernel_name.clone()),
        KernelError::Unsupported(why) => ReadError::Kernel {
            kernel: kernel_name.clone(),
            why,
        },
    })?;
    let stores = allocate_stores(ctx, &mut r, &launch, files)?;
    let svm = place_svm(ctx, &mut r, &launch, files)?;

    let mut args = Vec::new();
    let mut described = Vec::new();
    let mut dumps = Vec::new();
    for (i, p) in kernel.code.info.params.iter().enumerate() {
        r.ctx = format!("argument {i}: {}", p.name);
        let mut arg = ArgumentReader {
            ctx,
            r: &mut r,
            files,
            stores: &stores,
            svm: &svm,
        };
        let (value, description) = arg.read(p, &mut dumps)?;
        args.push(value);
        described.push(description);
    }
    r.expect_eof()?;
    Ok(SimLaunch {
        kernel_name,
        kernel,
        args,
        nd,
        launch,
        program_file,
        described,
        stores,
        dumps,
    })
}

/// The launch header, when the file has one, applied to the NDRange.
fn read_launch_header(r: &mut Reader, nd: &mut NDRange) -> Result<LaunchHeader, SimError> {
    if !r.at_launch_header() {
        return Ok(LaunchHeader::default());
    }
    r.ctx = "launch header".into();
    let text = r.header()?;
    let launch = parse_launch_header(&text).map_err(|e| r.error(e))?;
    if let Some(dim) = launch.dim {
        let dim = dim as usize;
        for d in dim..3 {
            for (what, v) in [
                ("NDRange", nd.global_size[d]),
                ("work-group size", nd.local_size[d]),
            ] {
                if v != 1 {
                    return Err(r.error(format!("{what} has {v} in dimension {d}, but dim={dim}")));
                }
            }
        }
        nd.work_dim = dim as u32;
    }
    if let Some(offset) = launch.offset {
        nd.global_offset = offset;
    }
    Ok(launch)
}

/// A side file's bytes, which must be exactly `size` of them.
fn side_bytes(
    r: &Reader,
    files: &dyn SimFiles,
    file: &str,
    size: u64,
) -> Result<Vec<u8>, ReadError> {
    let bytes = files.side_file(file)?;
    if bytes.len() as u64 != size {
        let msg = format!(
            "Side file '{file}' holds {} bytes, size is {size}",
            bytes.len()
        );
        return Err(r.error(msg).into());
    }
    Ok(bytes)
}

/// `global=NAME:FILE`: a program-scope variable's bytes as they were at the launch. The
/// pointer words its initializer sets keep the addresses this placement gave them.
fn set_program_globals(
    ctx: &Context,
    r: &mut Reader,
    placed: &oclgrind_core::context::PlacedProgram,
    launch: &LaunchHeader,
    files: &dyn SimFiles,
) -> Result<(), ReadError> {
    let globals = &placed.program.code.globals;
    for (name, file) in &launch.globals {
        let Some(i) = globals.iter().position(|g| g.name == *name) else {
            return Err(r
                .error(format!(
                    "The program has no program-scope variable '{name}'"
                ))
                .into());
        };
        let mut bytes = side_bytes(r, files, file, globals[i].size)?;
        let mut placed_bytes = vec![0u8; bytes.len()];
        ctx.global.read(placed.addresses[i], &mut placed_bytes);
        for &(offset, _, _) in &globals[i].relocs {
            let at = offset as usize..offset as usize + 8;
            bytes[at.clone()].copy_from_slice(&placed_bytes[at]);
        }
        ctx.host_write(placed.addresses[i], &bytes);
    }
    Ok(())
}

/// The backing stores that `in=` arguments view: address and size of each.
fn allocate_stores(
    ctx: &Context,
    r: &mut Reader,
    launch: &LaunchHeader,
    files: &dyn SimFiles,
) -> Result<Vec<(u64, u64)>, ReadError> {
    let mut stores = Vec::new();
    for store in &launch.stores {
        let bytes = side_bytes(r, files, &store.file, store.size)?;
        check_fits(ctx, r, store.size)?;
        let address = ctx
            .allocate(store.size, 0)
            .ok_or_else(|| r.error("Unable to allocate buffer"))?;
        ctx.host_write(address, &bytes);
        stores.push((address, store.size));
    }
    Ok(stores)
}

/// `svm=`: shared virtual memory at the host addresses it had, so that the pointers its bytes
/// hold point into it again. The pages are mapped where they were (never over anything);
/// their start and size in order.
fn place_svm(
    ctx: &Context,
    r: &mut Reader,
    launch: &LaunchHeader,
    files: &dyn SimFiles,
) -> Result<Vec<(u64, u64)>, ReadError> {
    const PAGE: u64 = 4096;
    // User space ends below 2^47 on x86-64 Linux (and SVM addresses must stay below 2^48).
    const USER_SPACE_END: u64 = 1 << 47;
    // Every allocation's bytes first: a file that does not hold them maps nothing.
    let mut contents = Vec::with_capacity(launch.svm.len());
    for s in &launch.svm {
        let end = s.address.checked_add(s.size);
        if s.size == 0 || end.is_none_or(|e| e > USER_SPACE_END) {
            let msg = format!(
                "SVM allocation of {} bytes at {:#x} is outside the address space",
                s.size, s.address
            );
            return Err(r.error(msg).into());
        }
        check_fits(ctx, r, s.size)?;
        contents.push(side_bytes(r, files, &s.file, s.size)?);
    }
    let mut pages: Vec<(u64, u64)> = launch
        .svm
        .iter()
        .map(|s| {
            (
                s.address / PAGE * PAGE,
                (s.address + s.size).div_ceil(PAGE) * PAGE,
            )
        })
        .collect();
    pages.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::new();
    for (lo, hi) in pages {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    for &(lo, hi) in &merged {
        // SAFETY: an anonymous mapping that may not replace one (MAP_FIXED_NOREPLACE).
        let got = unsafe {
            libc::mmap(
                lo as *mut libc::c_void,
                (hi - lo) as usize,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED_NOREPLACE,
                -1,
                0,
            )
        };
        if got as u64 != lo {
            let why = match got == libc::MAP_FAILED {
                true => std::io::Error::last_os_error().to_string(),
                false => {
                    // SAFETY: the mapping just made, elsewhere (a kernel without NOREPLACE).
                    unsafe { libc::munmap(got, (hi - lo) as usize) };
                    "the address is in use".into()
                }
            };
            let msg = format!("Cannot place shared virtual memory at {lo:#x}: {why}");
            return Err(r.error(msg).into());
        }
    }
    let mut placed = Vec::new();
    for (s, bytes) in launch.svm.iter().zip(contents) {
        // SAFETY: the pages mapped above stay for the rest of the process.
        let registered = unsafe { ctx.global.register_svm(s.address as *mut u8, s.size, 0) };
        let (start, address) = registered.ok_or_else(|| r.error("Unable to allocate buffer"))?;
        ctx.host_write(address, &bytes);
        placed.push((start, s.size));
    }
    Ok(placed)
}

/// Refuses a buffer the device's limits would refuse, as clCreateBuffer keeps them.
fn check_fits(ctx: &Context, r: &Reader, size: u64) -> Result<(), SimError> {
    let (largest, total) = (ctx.config.max_mem_alloc_size(), ctx.config.global_mem_size);
    if size > largest {
        return Err(r.error(format!(
            "Buffer of {size} bytes is larger than the device allows \
             (CL_DEVICE_MAX_MEM_ALLOC_SIZE is {largest} bytes; --global-mem-size raises it)"
        )));
    }
    let used = ctx.global.owned_bytes();
    if used.saturating_add(size) > total {
        return Err(r.error(format!(
            "Buffer of {size} bytes does not fit in the device's global memory \
             ({used} of its {total} bytes are in use; --global-mem-size raises it)"
        )));
    }
    Ok(())
}

/// Largest by-value argument (a struct or vector) we accept.
const MAX_VALUE_ARGUMENT: u64 = 1 << 20;
/// Bytes of a fill or range written at a time.
const CHUNK_BYTES: usize = 1 << 16;
/// The least a worker thread of a fill or range writes: below it a thread costs more than it
/// saves.
const PARALLEL_SHARE: u64 = 8 << 20;

/// How the `.sim` format treats a kernel parameter.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Buffer(AddrSpace),
    Local,
    Value,
    Image,
}

/// Reads arguments, with what they may refer to outside the file.
struct ArgumentReader<'a, 'r> {
    ctx: &'a Context,
    r: &'r mut Reader,
    files: &'a dyn SimFiles,
    /// The backing stores' addresses and sizes.
    stores: &'a [(u64, u64)],
    /// The shared virtual memory allocations' host addresses and sizes.
    svm: &'a [(u64, u64)],
}

impl ArgumentReader<'_, '_> {
    fn error(&self, msg: impl std::fmt::Display) -> ReadError {
        self.r.error(msg).into()
    }

    /// Contents from `fill`, `range`, a side file or values in the file; `None` for `noinit`.
    fn initial_data(
        &mut self,
        h: &Header,
        elem: Elem,
        size: u64,
    ) -> Result<Option<Vec<u8>>, ReadError> {
        let count = (size / elem.size() as u64) as usize;
        if h.noinit {
            return Ok(None);
        }
        if let Some(file) = &h.file {
            return side_bytes(self.r, self.files, file, size).map(Some);
        }
        if let Some(fill) = &h.fill {
            let v =
                parse_value_str(fill, elem, h.hex).map_err(|_| self.error("Invalid fill value"))?;
            return Ok(Some(v.repeat(count)));
        }
        if let Some(range) = &h.range {
            return expand_range(range, elem, h.hex, count)
                .map(Some)
                .map_err(|m| self.error(m));
        }
        // No capacity up front: the file, not the header, bounds how much is read.
        let mut bytes = Vec::new();
        for _ in 0..count {
            bytes.extend(self.r.value(elem, h.hex)?);
        }
        Ok(Some(bytes))
    }

    fn read(
        &mut self,
        p: &KernelParam,
        dumps: &mut Vec<Dump>,
    ) -> Result<(ArgValue, SimArg), ReadError> {
        let class = match &p.kind {
            ParamKind::Pointer(AddrSpace::Local) => Class::Local,
            ParamKind::Pointer(space) => Class::Buffer(*space),
            // A sampler is its bits: `<size=4 uint> 18`.
            ParamKind::Value(_) | ParamKind::ByVal { .. } | ParamKind::Sampler => Class::Value,
            ParamKind::Image => Class::Image,
            ParamKind::Unsupported(why) => {
                return Err(self.error(format!("Unsupported argument ({why})")))
            }
        };
        let header = self.r.header()?;
        let h = parse_header(&header).map_err(|m| self.error(m))?;
        let is_buffer = matches!(class, Class::Buffer(_) | Class::Image);
        match (class == Class::Image, h.image.is_some()) {
            (true, false) => {
                return Err(self.error(
                    "An image argument needs image=KIND format= extent= pitch= (our extension)",
                ))
            }
            (false, true) => return Err(self.error("'image' only valid for image arguments")),
            _ => {}
        }
        if h.null {
            let alone = h
                == Header {
                    null: true,
                    ..Header::default()
                };
            if !alone {
                return Err(self.error("'null' not valid with other argument descriptors"));
            }
            if !is_buffer {
                return Err(self.error("'null' only valid for buffer arguments"));
            }
            return Ok((ArgValue::Pointer(0), SimArg::Null));
        }
        let size = h.size.ok_or_else(|| self.error("size required"))?;
        let elem = match h.elem {
            Some(e) => e,
            None => Elem::default_for(&p.type_name)
                .ok_or_else(|| self.error("Invalid default kernel argument type"))?,
        };
        let initialisers = h.fill.is_some() as u32
            + h.range.is_some() as u32
            + h.noinit as u32
            + h.file.is_some() as u32
            + h.view.is_some() as u32
            + h.svm.is_some() as u32;
        if initialisers > 1 {
            return Err(self.error("Multiple initializers present"));
        }
        if size % elem.size() as u64 != 0 {
            return Err(self.error("Initialiser type must exactly divide argument size"));
        }
        if h.dump && !is_buffer {
            return Err(self.error("'dump' only valid for memory objects"));
        }
        if h.noinit && !is_buffer {
            return Err(self.error("'noinit' only valid for buffer arguments"));
        }
        if h.view.is_some() && !is_buffer {
            return Err(self.error("'in' only valid for buffer arguments"));
        }
        if h.svm.is_some() && !matches!(class, Class::Buffer(_)) {
            return Err(self.error("'svm' only valid for buffer arguments"));
        }
        if h.ro && h.wo {
            return Err(self.error("'ro' and 'wo' are mutually exclusive"));
        }
        let global = class == Class::Buffer(AddrSpace::Global);
        if h.ro && !global {
            return Err(self.error("'ro' only valid for global memory buffers"));
        }
        if h.wo && !global {
            return Err(self.error("'wo' only valid for global memory buffers"));
        }
        if class == Class::Local {
            return Ok((ArgValue::LocalSize(size), SimArg::Local(size)));
        }
        if class == Class::Value {
            if size > MAX_VALUE_ARGUMENT {
                return Err(self.error("Invalid value for 'size'"));
            }
            let bytes = self.initial_data(&h, elem, size)?.unwrap_or_default();
            return Ok((ArgValue::Bytes(bytes.clone()), SimArg::Value(bytes)));
        }
        let mem_flags = if h.ro {
            flags::READ_ONLY
        } else if h.wo {
            flags::WRITE_ONLY
        } else {
            0
        };
        if let Some(at) = h.svm {
            return self.svm_pointer(p, at, size, (elem, h.hex, h.dump), dumps);
        }
        let address = match h.view {
            Some(view) => self.view(view, size, mem_flags)?,
            None => self.buffer(&h, elem, size, mem_flags)?,
        };
        // An image is its descriptor, which says where its pixels are.
        let value = match &h.image {
            Some(spec) => self.image_descriptor(spec, address, size)?,
            None => address,
        };
        if h.dump {
            dumps.push(Dump {
                name: p.name.clone(),
                address,
                size,
                elem,
                hex: h.hex,
            });
        }
        let described = match h.image {
            Some(_) => SimArg::Image { address, size },
            None => SimArg::Buffer {
                address,
                size,
                ro: h.ro,
                wo: h.wo,
                view: h.view,
            },
        };
        Ok((ArgValue::Pointer(value), described))
    }

    /// `svm=K+OFF`: a pointer into shared virtual memory (its host address, as kernels get
    /// it); the `size` bytes from there are what is dumped.
    fn svm_pointer(
        &self,
        p: &KernelParam,
        at: sim::View,
        size: u64,
        (elem, hex, dump): (Elem, bool, bool),
        dumps: &mut Vec<Dump>,
    ) -> Result<(ArgValue, SimArg), ReadError> {
        let Some(&(start, svm_size)) = self.svm.get(at.store) else {
            return Err(self.error(format!("There is no SVM allocation {}", at.store)));
        };
        if at.offset.checked_add(size).is_none_or(|end| end > svm_size) {
            return Err(self.error(format!(
                "'svm={}+{}' with size {size} is outside SVM allocation {} ({svm_size} bytes)",
                at.store, at.offset, at.store
            )));
        }
        let host = start + at.offset;
        if dump {
            dumps.push(Dump {
                name: p.name.clone(),
                address: self.ctx.global.canonical(host),
                size,
                elem,
                hex,
            });
        }
        Ok((ArgValue::Pointer(host), SimArg::Svm))
    }

    /// The descriptor of an image whose `size` bytes of pixels are at `pixels`.
    fn image_descriptor(
        &self,
        spec: &sim::ImageSpec,
        pixels: u64,
        size: u64,
    ) -> Result<u64, ReadError> {
        let pixel = oclgrind_core::image::pixel_size(spec.order, spec.channel_type)
            .ok_or_else(|| self.error("Unsupported image format"))?;
        let [width, height, depth, layers] = spec.extent;
        let [row_pitch, slice_pitch] = spec.pitch;
        let needed = (|| {
            let rows = (height.checked_sub(1)?).checked_mul(row_pitch)?;
            let slices = (depth.checked_mul(layers)?.checked_sub(1)?).checked_mul(slice_pitch)?;
            rows.checked_add(slices)?
                .checked_add(width.checked_mul(pixel)?)
        })();
        let row = width.checked_mul(pixel);
        if spec.kind == 0
            || width == 0
            || row.is_none_or(|row| row_pitch < row)
            || needed.is_none_or(|n| n > size)
        {
            return Err(self.error(format!(
                "An image of {width}x{height}x{depth}x{layers} pixels with pitches \
                 {row_pitch},{slice_pitch} does not fit in {size} bytes"
            )));
        }
        let desc = oclgrind_core::image::ImageDesc {
            data: pixels,
            order: spec.order,
            channel_type: spec.channel_type,
            kind: spec.kind,
            width,
            height,
            depth,
            array_size: layers,
            row_pitch,
            slice_pitch,
        };
        let address = self
            .ctx
            .allocate(oclgrind_core::image::ImageDesc::SIZE as u64, 0)
            .ok_or_else(|| self.error("Unable to allocate buffer"))?;
        self.ctx.global.write(address, &desc.to_bytes());
        Ok(address)
    }

    /// A new buffer with its initial contents.
    fn buffer(
        &mut self,
        h: &Header,
        elem: Elem,
        size: u64,
        mem_flags: u32,
    ) -> Result<u64, ReadError> {
        let ctx = self.ctx;
        check_fits(ctx, self.r, size)?;
        // Allocate first: a size that does not fit in memory must not be materialised twice.
        let address = ctx
            .allocate(size, mem_flags)
            .ok_or_else(|| self.error("Unable to allocate buffer"))?;
        // A fill or a range is written a chunk at a time, never built whole beside the
        // memory it fills; a large one by the launch's worker threads, each a share (the
        // set-up of a big launch would otherwise run on one core before it).
        let chunks = |write: &(dyn Fn(u64, &mut [u8]) + Sync)| {
            let fill = |from: u64, to: u64| {
                let mut chunk = vec![0; ((to - from) as usize).min(CHUNK_BYTES)];
                let mut at = from;
                while at < to {
                    let part = &mut chunk[..(to - at).min(CHUNK_BYTES as u64) as usize];
                    write(at / elem.size() as u64, part);
                    ctx.host_write(address + at, part);
                    at += part.len() as u64;
                }
            };
            let threads = (size / PARALLEL_SHARE).clamp(1, ctx.config.num_threads.max(1) as u64);
            // Shares of whole chunks, so that every share starts on an element.
            let share = size.div_ceil(threads).next_multiple_of(CHUNK_BYTES as u64);
            std::thread::scope(|s| {
                for t in 1..threads {
                    let (from, to) = ((t * share).min(size), ((t + 1) * share).min(size));
                    s.spawn(move || fill(from, to));
                }
                fill(0, share.min(size));
            });
        };
        match (&h.fill, &h.range) {
            (Some(fill), _) => {
                let v = parse_value_str(fill, elem, h.hex)
                    .map_err(|_| self.error("Invalid fill value"))?;
                let pattern = v.repeat(CHUNK_BYTES / v.len().max(1));
                chunks(&|_, part| part.copy_from_slice(&pattern[..part.len()]));
            }
            (None, Some(range)) if h.file.is_none() && !h.noinit => {
                let count = (size / elem.size() as u64) as usize;
                let range = Range::parse(range, elem, h.hex, count).map_err(|m| self.error(m))?;
                chunks(&|first, part| range.write(first as usize, part));
            }
            _ => {
                if let Some(bytes) = self.initial_data(h, elem, size)? {
                    ctx.host_write(address, &bytes);
                }
            }
        }
        Ok(address)
    }

    /// `in=K+OFF`: `size` bytes of a store. The whole store is the store's own buffer (a
    /// buffer passed twice); a part is a buffer of its own over those bytes, with its own
    /// bounds, as a sub-buffer is.
    fn view(&self, view: sim::View, size: u64, mem_flags: u32) -> Result<u64, ReadError> {
        let Some(&(store, store_size)) = self.stores.get(view.store) else {
            return Err(self.error(format!("There is no store {}", view.store)));
        };
        let inside = view
            .offset
            .checked_add(size)
            .is_some_and(|end| end <= store_size);
        if !inside {
            return Err(self.error(format!(
                "'in={}+{}' with size {size} is outside store {} ({store_size} bytes)",
                view.store, view.offset, view.store
            )));
        }
        if view.offset == 0 && size == store_size {
            return Ok(store);
        }
        let ptr = self.ctx.global.host_ptr(store + view.offset, size);
        // SAFETY: the store stays allocated for the rest of the process.
        let address = ptr.and_then(|p| unsafe { self.ctx.allocate_aliased(p, size, mem_flags) });
        address.ok_or_else(|| self.error("Unable to allocate buffer"))
    }
}
