//! Capture: a kernel launch written out as a `.sim` file that `oclgrind-kernel` replays alone
//! (`OCLGRIND_CAPTURE=DIR`, `--capture DIR`), with the buffers' contents after the launch in
//! a `.after` file, in the very text the replay prints for them.
//!
//! The queue worker calls [`Capture::before`] just before a launch and [`Pending::after`]
//! just after it: that is when the kernel sees its memory. Bytes are read with
//! `GlobalMemory::read`, which no plugin sees, so capturing changes nothing the application
//! computes, prints or is told. What cannot be captured is said once per kernel on stderr.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

use oclgrind_core::context::Context as SimContext;
use oclgrind_core::image::ImageDesc;
use oclgrind_core::memory::{released_argument, AddrSpace};
use oclgrind_core::program::{KernelParam, ParamKind};
use oclgrind_core::ArgValue;
use oclgrind_simfile::dump::argument_dump;
use oclgrind_simfile::sim::{Elem, Header, ImageSpec, LaunchHeader, Store, SvmStore, View};
use oclgrind_simfile::write::SimWriter;

use crate::cl::*;
use crate::command::KernelRun;
use crate::handle::Obj;
use crate::memobj::MemObject;
use crate::platform::settings;
use crate::program::{Built, Executable};

/// Buffers up to this size are written inside the `.sim` file; larger ones beside it.
const INLINE_BYTES: usize = 64 << 10;

/// Why a launch was not captured.
#[derive(Debug, thiserror::Error)]
enum NotCaptured {
    #[error("argument '{0}' is an image where the kernel takes a buffer")]
    Image(String),
    #[error("argument '{0}' points outside every buffer and SVM allocation")]
    Dangling(String),
    #[error("argument '{0}' is a buffer the application released")]
    Released(String),
    #[error("argument '{0}' has a type a .sim file cannot hold ({1})")]
    Unsupported(String, String),
    #[error("cannot write {0}: {1}")]
    Write(PathBuf, std::io::Error),
}

/// The capture settings of this process and what it has written so far.
pub struct Capture {
    dir: PathBuf,
    kernel: Option<String>,
    launch: Option<u64>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Launches that passed the kernel filter.
    seen: u64,
    /// Each executable's program file, once written.
    programs: HashMap<u64, String>,
    /// Kernels already told about on stderr.
    warned: HashSet<String>,
}

/// The capture of this process, when `OCLGRIND_CAPTURE` names a directory.
pub fn active() -> Option<&'static Capture> {
    static CAPTURE: LazyLock<Option<Capture>> = LazyLock::new(|| {
        let c = &settings().capture;
        let dir = PathBuf::from(c.dir.as_ref()?);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            crate::error::stderr_line(&format!(
                "Oclgrind: cannot create capture directory {}: {e}",
                dir.display()
            ));
            return None;
        }
        Some(Capture {
            dir,
            kernel: c.kernel.clone(),
            launch: c.launch,
            state: Mutex::new(State::default()),
        })
    });
    CAPTURE.as_ref()
}

/// A captured launch waiting for its end, to write what its buffers hold then.
pub struct Pending {
    path: PathBuf,
    dumps: Vec<Dumped>,
}

/// A buffer argument, dumped after the launch.
struct Dumped {
    name: String,
    address: u64,
    size: u64,
    elem: Elem,
}

impl Capture {
    /// Writes the `.sim` file of launch `id` (0-based, as diagnostics number launches) if the
    /// filters take it.
    pub fn before(&self, run: &KernelRun, id: u64) -> Option<Pending> {
        if self.kernel.as_ref().is_some_and(|k| *k != run.name) {
            return None;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.seen += 1;
        if self.launch.is_some_and(|n| n != state.seen) {
            return None;
        }
        let base = format!("{:03}-{}", id + 1, run.name);
        match self.write_sim(&mut state, run, id, &base) {
            Ok(dumps) => Some(Pending {
                path: self.dir.join(format!("{base}.after")),
                dumps,
            }),
            Err(why) => {
                if state.warned.insert(run.name.clone()) {
                    crate::error::stderr_line(&format!(
                        "Oclgrind: launch {} of '{}' not captured: {why}",
                        id + 1,
                        run.name
                    ));
                }
                None
            }
        }
    }

    fn write_sim(
        &self,
        state: &mut State,
        run: &KernelRun,
        id: u64,
        base: &str,
    ) -> Result<Vec<Dumped>, NotCaptured> {
        let sim = &run.program.context.sim;
        let mut files = SideFiles {
            dir: &self.dir,
            base,
        };
        let mut header = LaunchHeader::default();
        let nd = &run.nd;
        // Only get_work_dim() tells a launch of fewer dimensions from three: without it the
        // file needs no header for them, and Oclgrind's own reader takes it.
        if nd.work_dim < 3 && run.instance.code.asks_work_dim() {
            header.dim = Some(nd.work_dim);
        }
        if nd.global_offset != [0; 3] {
            header.offset = Some(nd.global_offset);
        }
        header.options = build_options(&run.executable);
        header.globals = changed_globals(sim, &run.executable, &mut files)?;
        let (stores, store_of) = shared_stores(run, &mut files)?;
        header.stores = stores;

        let mut arguments = Arguments {
            run,
            store_of,
            svm: sim.global.svm_buffers(),
            uses_svm: false,
            files,
            dumps: Vec::new(),
        };
        let params = &run.instance.code.info.params;
        let written = params
            .iter()
            .enumerate()
            .map(|(i, p)| arguments.argument(i, p))
            .collect::<Result<Vec<_>, _>>()?;
        // A kernel given one SVM pointer reaches every allocation through the pointers their
        // bytes hold: all of them go, at their addresses.
        if arguments.uses_svm {
            for (k, &(start, size)) in arguments.svm.iter().enumerate() {
                let bytes = read(sim, sim.global.canonical(start), size);
                header.svm.push(SvmStore {
                    size,
                    address: start,
                    file: arguments.files.write(&format!("svm{k}"), &bytes)?,
                });
            }
        }

        let mut w = SimWriter::default();
        let exe = std::env::args().next().unwrap_or_default();
        let chosen = match run.auto_local {
            true => "; local size chosen by the runtime",
            false => "",
        };
        w.comment(&format!(
            "Captured by oclgrind {}: launch {} of {exe} (pid {}){chosen}",
            env!("CARGO_PKG_VERSION"),
            id + 1,
            std::process::id(),
        ));
        let program = self.program_file(state, &run.executable, base)?;
        w.launch(&program, &run.name, nd.global_size, nd.local_size, &header);
        for (p, (h, inline)) in params.iter().zip(&written) {
            w.comment(&format!("{}: {}", p.name, p.type_name));
            w.argument(h, inline.as_deref());
        }
        let path = self.dir.join(format!("{base}.sim"));
        std::fs::write(&path, w.finish()).map_err(|e| NotCaptured::Write(path, e))?;
        Ok(arguments.dumps)
    }

    /// The executable's program file in the directory, written with the first launch that
    /// uses it: its OpenCL C, or its bitcode.
    fn program_file(
        &self,
        state: &mut State,
        exe: &Executable,
        base: &str,
    ) -> Result<String, NotCaptured> {
        if let Some(name) = state.programs.get(&exe.id) {
            return Ok(name.clone());
        }
        let (name, bytes) = match &exe.built {
            Built::Source { text, .. } => (format!("{base}.cl"), text.as_bytes()),
            Built::Bitcode => (format!("{base}.bc"), exe.placed.program.bitcode.as_slice()),
        };
        let path = self.dir.join(&name);
        std::fs::write(&path, bytes).map_err(|e| NotCaptured::Write(path, e))?;
        state.programs.insert(exe.id, name.clone());
        Ok(name)
    }
}

impl Pending {
    /// Writes the `.after` file: every buffer argument as `oclgrind-kernel` dumps it.
    pub fn after(self, sim: &SimContext) {
        let mut text = String::new();
        for d in &self.dumps {
            let bytes = read(sim, d.address, d.size);
            text += &argument_dump(&d.name, &bytes, d.elem, true);
        }
        if let Err(e) = std::fs::write(&self.path, text) {
            crate::error::stderr_line(&format!(
                "Oclgrind: cannot write {}: {e}",
                self.path.display()
            ));
        }
    }
}

/// A launch's arguments being written.
struct Arguments<'a> {
    run: &'a KernelRun,
    /// The root buffers that are stores (their addresses), with their numbers.
    store_of: StoreOf,
    /// The context's SVM allocations: start and size.
    svm: Vec<(u64, u64)>,
    /// Whether an argument points into SVM.
    uses_svm: bool,
    files: SideFiles<'a>,
    dumps: Vec<Dumped>,
}

impl Arguments<'_> {
    /// Argument `i`'s header, and the values written inline.
    fn argument(
        &mut self,
        i: usize,
        p: &KernelParam,
    ) -> Result<(Header, Option<Vec<u8>>), NotCaptured> {
        let value = &self.run.args[i];
        Ok(match (&p.kind, value) {
            (ParamKind::Pointer(AddrSpace::Local), ArgValue::LocalSize(n)) => {
                // Only the size counts, but a type name with no default element (`atomic_int*`,
                // a struct's) needs one named, or the reader refuses the header.
                let untyped = Elem::default_for(&p.type_name).is_none();
                let h = Header {
                    size: Some(*n),
                    elem: untyped.then_some(Elem::UChar),
                    ..Header::default()
                };
                (h, None)
            }
            (ParamKind::Pointer(_), ArgValue::Pointer(0)) => {
                let h = Header {
                    null: true,
                    ..Header::default()
                };
                (h, None)
            }
            (ParamKind::Pointer(space), ArgValue::Pointer(address)) => {
                self.buffer(i, p, *space, *address)?
            }
            (ParamKind::Image, _) => (self.image(i, p)?, None),
            (ParamKind::Unsupported(why), _) => {
                return Err(NotCaptured::Unsupported(p.name.clone(), why.clone()))
            }
            (_, ArgValue::Bytes(bytes)) => {
                let h = Header {
                    size: Some(bytes.len() as u64),
                    elem: Some(element(p, bytes.len() as u64)),
                    hex: true,
                    ..Header::default()
                };
                (h, Some(bytes.clone()))
            }
            (_, other) => {
                let why = format!("{other:?}");
                return Err(NotCaptured::Unsupported(p.name.clone(), why));
            }
        })
    }

    /// A buffer: its bytes inline or beside, a view of a store, or a pointer into SVM.
    fn buffer(
        &mut self,
        i: usize,
        p: &KernelParam,
        space: AddrSpace,
        address: u64,
    ) -> Result<(Header, Option<Vec<u8>>), NotCaptured> {
        let sim = &self.run.program.context.sim;
        let memory = self.run.memory[i].as_ref();
        if let Some(k) = self
            .svm
            .iter()
            .position(|&(s, n)| (s..s + n).contains(&address))
        {
            let (start, svm_size) = self.svm[k];
            let offset = address - start;
            let size = memory.map_or(svm_size - offset, |m| m.size as u64);
            let elem = element(p, size);
            self.uses_svm = true;
            self.dumps.push(Dumped {
                name: p.name.clone(),
                address: sim.global.canonical(address),
                size,
                elem,
            });
            let h = Header {
                size: Some(size),
                elem: Some(elem),
                hex: true,
                dump: true,
                svm: Some(View { store: k, offset }),
                ..Header::default()
            };
            return Ok((h, None));
        }
        let Some(m) = memory else {
            return Err(match released_argument(address) {
                Some(_) => NotCaptured::Released(p.name.clone()),
                None => NotCaptured::Dangling(p.name.clone()),
            });
        };
        if m.image.is_some() {
            return Err(NotCaptured::Image(p.name.clone()));
        }
        let size = m.size as u64;
        let elem = element(p, size);
        let global = space == AddrSpace::Global;
        let mut h = Header {
            size: Some(size),
            elem: Some(elem),
            hex: true,
            dump: true,
            ro: global && m.flags & CL_MEM_READ_ONLY != 0,
            wo: global && m.flags & CL_MEM_WRITE_ONLY != 0,
            ..Header::default()
        };
        self.dumps.push(Dumped {
            name: p.name.clone(),
            address: m.address,
            size,
            elem,
        });
        let (root_obj, offset) = root(m);
        if let Some(&(_, store)) = self.store_of.iter().find(|(a, _)| *a == root_obj.address) {
            h.view = Some(View { store, offset });
            return Ok((h, None));
        }
        // Under the Uninitialized checker, a buffer nothing ever wrote stays so in the replay.
        if settings().uninitialized && sim.global.never_written(m.address, size) {
            h.noinit = true;
            return Ok((h, None));
        }
        let bytes = read(sim, m.address, size);
        if bytes.len() <= INLINE_BYTES {
            return Ok((h, Some(bytes)));
        }
        h.file = Some(self.files.write(&format!("arg{i}"), &bytes)?);
        Ok((h, None))
    }

    /// An image: its pixels beside, with its shape and format.
    fn image(&mut self, i: usize, p: &KernelParam) -> Result<Header, NotCaptured> {
        let sim = &self.run.program.context.sim;
        let memory = self.run.memory[i].as_ref();
        let Some((m, image)) = memory.and_then(|m| Some((m, m.image.as_ref()?))) else {
            return Err(NotCaptured::Unsupported(p.name.clone(), "no image".into()));
        };
        let mut desc = [0u8; ImageDesc::SIZE];
        sim.global.read(image.descriptor, &mut desc);
        let desc = ImageDesc::from_bytes(&desc);
        let size = m.size as u64;
        self.dumps.push(Dumped {
            name: p.name.clone(),
            address: desc.data,
            size,
            elem: Elem::UChar,
        });
        let pixels = read(sim, desc.data, size);
        Ok(Header {
            size: Some(size),
            elem: Some(Elem::UChar),
            hex: true,
            dump: true,
            file: Some(self.files.write(&format!("arg{i}"), &pixels)?),
            image: Some(ImageSpec {
                kind: desc.kind,
                order: desc.order,
                channel_type: desc.channel_type,
                extent: [desc.width, desc.height, desc.depth, desc.array_size],
                pitch: [desc.row_pitch, desc.slice_pitch],
            }),
            ..Header::default()
        })
    }
}

/// Each store's root buffer address, with the store's number.
type StoreOf = Vec<(u64, usize)>;

/// The buffers that two arguments share, and the buffers of sub-buffers: each a store, which
/// the arguments view (`in=`). Returns the stores, and which buffer each one is.
fn shared_stores(
    run: &KernelRun,
    files: &mut SideFiles,
) -> Result<(Vec<Store>, StoreOf), NotCaptured> {
    let sim = &run.program.context.sim;
    let roots: Vec<Option<(Obj<MemObject>, u64)>> =
        run.memory.iter().map(|m| m.as_ref().map(root)).collect();
    let (mut stores, mut store_of) = (Vec::new(), Vec::new());
    for (i, r) in roots.iter().enumerate() {
        let Some((root_obj, offset)) = r else {
            continue;
        };
        let shared = roots.iter().enumerate().any(|(j, o)| {
            j != i
                && o.as_ref()
                    .is_some_and(|(o, _)| o.address == root_obj.address)
        });
        let whole = run.memory[i]
            .as_ref()
            .is_some_and(|m| m.size == root_obj.size);
        let sub = *offset != 0 || !whole;
        if (shared || sub) && !store_of.iter().any(|(a, _)| *a == root_obj.address) {
            let k = store_of.len();
            let bytes = read(sim, root_obj.address, root_obj.size as u64);
            stores.push(Store {
                size: root_obj.size as u64,
                file: files.write(&format!("store{k}"), &bytes)?,
            });
            store_of.push((root_obj.address, k));
        }
    }
    Ok((stores, store_of))
}

/// Side files of one launch: `NNN-kernel.WHAT.bin` beside its `.sim` file.
struct SideFiles<'a> {
    dir: &'a Path,
    base: &'a str,
}

impl SideFiles<'_> {
    /// Writes `bytes`; returns the name the `.sim` file gives it.
    fn write(&mut self, what: &str, bytes: &[u8]) -> Result<String, NotCaptured> {
        let name = format!("{}.{what}.bin", self.base);
        let path = self.dir.join(&name);
        std::fs::write(&path, bytes).map_err(|e| NotCaptured::Write(path, e))?;
        Ok(name)
    }
}

/// A memory object's root buffer and its offset in it.
fn root(m: &Obj<MemObject>) -> (Obj<MemObject>, u64) {
    match &m.parent {
        Some((parent, origin)) => (parent.clone(), *origin as u64),
        None => (m.clone(), 0),
    }
}

fn read(sim: &SimContext, address: u64, size: u64) -> Vec<u8> {
    let mut bytes = vec![0u8; size as usize];
    sim.global.read(address, &mut bytes);
    bytes
}

/// The options the program was built with, as a build in `oclgrind-kernel` needs them: the
/// application's, with the include path it built from (its working directory) and the
/// options the settings added.
fn build_options(exe: &Executable) -> Option<String> {
    let mut words = Vec::new();
    if let Built::Source { text, options } = &exe.built {
        words.push(options.clone());
        if text.contains("#include") {
            if let Ok(cwd) = std::env::current_dir() {
                words.push(format!("-I{}", cwd.display()));
            }
        }
    }
    words.extend(settings().build_options.clone());
    let joined = words.join(" ");
    Some(joined.trim().to_string()).filter(|o| !o.is_empty())
}

/// Program-scope variables whose bytes are no longer those the build placed (an earlier
/// launch changed them), each written to a side file.
fn changed_globals(
    sim: &SimContext,
    exe: &Executable,
    files: &mut SideFiles,
) -> Result<Vec<(String, String)>, NotCaptured> {
    let placed = &exe.placed;
    let mut changed = Vec::new();
    for (i, g) in placed.program.code.globals.iter().enumerate() {
        if g.space == AddrSpace::Constant {
            continue;
        }
        let mut initial = g.init.clone();
        initial.resize(g.size as usize, 0);
        for &(offset, var, addend) in &g.relocs {
            let target = placed.addresses[var as usize].wrapping_add(addend as u64);
            initial[offset as usize..offset as usize + 8].copy_from_slice(&target.to_le_bytes());
        }
        let now = read(sim, placed.addresses[i], g.size);
        if now != initial {
            changed.push((g.name.clone(), files.write(&format!("global{i}"), &now)?));
        }
    }
    Ok(changed)
}

/// The type a parameter's `size` bytes are written in: the unsigned integer of their
/// elements' width, so that every bit reads back (hex floats do not), from the element type
/// with typedefs resolved (they have no default in the format); bytes where that does not
/// divide the size.
fn element(p: &KernelParam, size: u64) -> Elem {
    let scalar = (p.element_type_name()).trim_end_matches(|c: char| c.is_ascii_digit());
    let elem = match scalar {
        "half" => Elem::UShort,
        "bool" => Elem::UChar,
        "size_t" | "ptrdiff_t" | "intptr_t" | "uintptr_t" => Elem::ULong,
        other => Elem::from_name(other).map_or(Elem::UChar, Elem::unsigned),
    };
    match size % elem.size() as u64 {
        0 => elem,
        _ => Elem::UChar,
    }
}
