//! Uninitialized: reports the uses of uninitialised values the core finds (compat §4.6).
//!
//! The values themselves are followed by the core, which keeps a shadow beside every register
//! and every byte of memory while a plugin asks for [`Interest::UNINITIALIZED`] (the plugin
//! cannot: it never sees register values). Its workers turn each use into Oclgrind's warning,
//! followed by a line of ours that Oclgrind does not have (its issue #105): where the
//! uninitialised bits came from, `Origin: ...`.

use super::{
    ExecContext, Interest, KernelRef, LaunchInfo, NamedBuffer, Origin, Plugin, Site, UninitKind,
    UninitUse, Worker,
};
use crate::bytecode::{Op, Slot};
use crate::debuginfo::{DbgType, GlobalPlace, KernelDebug, Location, Variable};
use crate::diagnostics::{self, hex, Body, Level, Rule, SourcePlace};
use crate::memory::AddrSpace;
use crate::program::KernelCode;

#[derive(Default)]
pub struct Uninitialized;

impl Plugin for Uninitialized {
    fn name(&self) -> &str {
        "Uninitialized"
    }

    fn interests(&self) -> Interest {
        Interest::UNINITIALIZED
    }

    fn worker(&self, _launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        Some(Box::new(Reporter))
    }
}

struct Reporter;

impl Worker for Reporter {
    fn uninitialized_use(&mut self, cx: &ExecContext, u: &UninitUse) {
        let operand = cx.site.zip(u.operand);
        let mut d = cx.diagnostic(rule(u.kind), Level::Warning, headline(u));
        if u.kind == UninitKind::StoredValue {
            d = d.with_memory(u.space, u.address);
        }
        if let Body::Standard { origin, .. } = &mut d.body {
            *origin = describe(cx.kernel, &cx.launch.named, &u.origin, operand);
        }
        cx.log(d);
    }
}

/// The name of a source file: `file`, or the program's main source when an op has none.
fn file_of<'a>(kernel: KernelRef<'a>, file: &'a str) -> &'a str {
    match (file, kernel.source) {
        ("", Some(source)) => &source.name,
        ("", None) => NO_FILE,
        (f, _) => f,
    }
}

/// Where uninitialised bits came from (`origin`, in `kernel` with its `named` buffers), in
/// the source's terms where debug information names them. `operand`: the op that used them
/// and its register holding them, if known.
pub(crate) fn describe(
    kernel: KernelRef,
    named: &[NamedBuffer],
    origin: &Origin,
    operand: Option<(Site, Slot)>,
) -> Option<diagnostics::Origin> {
    if let Origin::OtherKernel { described } = origin {
        return Some(diagnostics::Origin::clone(described));
    }
    let (description, place) = description(kernel, named, origin, operand)?;
    let place = place
        .filter(|(file, _)| *file != NO_FILE)
        .map(|(file, line)| SourcePlace {
            file: file.to_string(),
            line,
            column: 0,
            text: None,
        });
    Some(diagnostics::Origin { description, place })
}

/// What [`file_of`] says of code with no file.
const NO_FILE: &str = "the program";

/// An origin's text, and the file and line it names (a declaration or an allocation).
fn description<'k>(
    kernel: KernelRef<'k>,
    named: &[NamedBuffer],
    origin: &Origin,
    operand: Option<(Site, Slot)>,
) -> Option<(String, Option<(&'k str, u32)>)> {
    let code = kernel.code;
    let debug = code.debug.as_ref();
    let named =
        |space: AddrSpace, index: u64| named.iter().find(|n| n.space == space && n.index == index);
    match *origin {
        Origin::Unknown => None,
        // Described when that kernel ran (see `describe`).
        Origin::OtherKernel { .. } => None,
        Origin::PrivateVariable { site } => {
            let f = code.functions.get(site.func as usize)?;
            let var = match (f.code.get(site.pc as usize), debug) {
                (Some(&Op::Alloca { d, .. }), Some(dbg)) => variable_in_memory(dbg, site.func, d)
                    .or_else(|| returned_into(code, dbg, site.func, d)),
                _ => None,
            };
            let info = f.op_info(site.pc);
            let file = file_of(kernel, f.file(&info));
            Some(match var {
                Some(v) => (
                    format!(
                        "private variable '{}' declared at line {} of {file}",
                        v.name, v.line
                    ),
                    Some((file, v.line)),
                ),
                None if info.line != 0 => (
                    format!("private memory allocated at line {} of {file}", info.line),
                    Some((file, info.line)),
                ),
                None => (
                    "private memory of the work-item, never written".to_string(),
                    None,
                ),
            })
        }
        Origin::Undefined { func, slot } => {
            // The optimiser kept no memory for the variable. Its `undef` flows into the
            // variable's register through a move (a phi's): the variable at that register is
            // the one never set. Otherwise, name the register the use read.
            let fd = debug.and_then(|dbg| dbg.functions.get(func as usize));
            let holds = |l: &Location, r: u32| matches!(*l, Location::Slots { slot: s, lanes, .. } if (s..s + lanes).contains(&r));
            let moved_to = (code.functions.get(func as usize))
                .into_iter()
                .flat_map(|f| f.code.iter())
                .filter_map(|op| match *op {
                    Op::Mov { d, s } if s == slot => Some(d),
                    Op::MovN { d, s, n } if (s..s + n).contains(&slot) => Some(d + (slot - s)),
                    _ => None,
                });
            let by_move = fd.and_then(|fd| {
                let mut regs = moved_to;
                regs.find_map(|r| fd.locations.iter().find(|l| holds(&l.location, r)))
                    .and_then(|l| fd.variables.get(l.var as usize))
            });
            let by_operand = || {
                let (site, r) = operand?;
                let fd = debug?.functions.get(site.func as usize)?;
                let here = fd.locations_at(site.pc);
                here.into_iter().find(|(_, l)| holds(l, r)).map(|(v, _)| v)
            };
            let var = by_move.or_else(by_operand);
            let f = code.functions.get(func as usize)?;
            Some(match var {
                Some(v) => {
                    let file = file_of(kernel, "");
                    (
                        format!(
                            "private variable '{}' declared at line {} of {file}",
                            v.name, v.line,
                        ),
                        Some((file, v.line)),
                    )
                }
                None => (
                    format!("a value never set (undefined) in function '{}'", f.name),
                    None,
                ),
            })
        }
        Origin::Local { index, offset } => Some((
            match named(AddrSpace::Local, index) {
                Some(n) => {
                    let array = index < code.first_local_arg_index();
                    let what = if array {
                        "__local array"
                    } else {
                        "__local argument"
                    };
                    // Which element or member was never written, where the debug information
                    // tells: the rest of the buffer may well have been.
                    let part = (debug.zip(offset))
                        .and_then(|(dbg, at)| local_part(dbg, index, &n.name, array, at));
                    match part {
                        Some(part) => format!(
                            "{what} '{}' ({part} never written before this read)",
                            n.name
                        ),
                        None => format!("{what} '{}' (never written before this read)", n.name),
                    }
                }
                None => "__local memory never written before this read".to_string(),
            },
            None,
        )),
        Origin::InvalidRead => Some(("an invalid read (its value is undefined)".to_string(), None)),
        Origin::Global { index } => Some((
            match named(AddrSpace::Global, index) {
                Some(n) if n.image => {
                    format!("image argument '{}' (not written by the host)", n.name)
                }
                Some(n) => format!(
                    "global buffer argument '{}' (not written by the host)",
                    n.name
                ),
                None => "a global buffer not written by the host".to_string(),
            },
            None,
        )),
    }
}

/// The variable of function `func` whose address slot `d` holds (an alloca at `-O0`).
fn variable_in_memory(dbg: &KernelDebug, func: u32, d: Slot) -> Option<&Variable> {
    let fd = dbg.functions.get(func as usize)?;
    let at = (fd.locations.iter())
        .find(|l| matches!(l.location, Location::Memory { slot, .. } if slot == d))?;
    fd.variables.get(at.var as usize)
}

/// The variable a callee returns in the caller's unnamed memory at slot `d` of `func`: at
/// `-O0` clang builds a returned struct in the caller's temporary, whose address the call
/// passes first, and the callee declares its variable there.
fn returned_into<'d>(
    code: &KernelCode,
    dbg: &'d KernelDebug,
    func: u32,
    d: Slot,
) -> Option<&'d Variable> {
    let f = code.functions.get(func as usize)?;
    f.code.iter().find_map(|op| {
        let Op::Call { site } = *op else {
            return None;
        };
        let call = f.calls.get(site as usize)?;
        call.args
            .first()
            .filter(|a| a.slot == d && a.byval.is_none())?;
        let callee = code.functions.get(call.func as usize)?;
        let &(param, _) = callee.params.first()?;
        variable_in_memory(dbg, call.func, param)
    })
}

/// The element or member of `__local` buffer `index` (the array or argument `name`) that
/// holds the 4 bytes at `offset` (`partial[0].pad`); None when the buffer is one scalar or
/// the debug information does not say.
fn local_part(
    dbg: &KernelDebug,
    index: u64,
    name: &str,
    array: bool,
    offset: u64,
) -> Option<String> {
    const GRANULE: u64 = 4;
    let part = if array {
        let var = dbg.globals.iter().find(|g| {
            matches!(g.place, GlobalPlace::Local(n) if n as u64 + 1 == index) && g.name == name
        })?;
        dbg.part_at(var.ty, offset, GRANULE)
    } else {
        // The argument points at elements of its pointee type.
        let kernel = dbg.functions.first()?;
        let param = (kernel.variables.iter()).find(|v| v.arg.is_some() && v.name == name)?;
        let DbgType::Pointer {
            pointee: Some(elem),
            ..
        } = dbg.ty(dbg.resolve(param.ty))
        else {
            return None;
        };
        let size = dbg.size_of(*elem);
        if size == 0 || offset % size + GRANULE > size {
            return None;
        }
        format!(
            "[{}]{}",
            offset / size,
            dbg.part_at(*elem, offset % size, GRANULE)
        )
    };
    (!part.is_empty()).then(|| format!("{name}{part}"))
}

/// The first line of the warning, in Oclgrind's words.
fn rule(kind: UninitKind) -> Rule {
    match kind {
        UninitKind::StoredValue => Rule::UninitializedValue,
        UninitKind::ReadAddress | UninitKind::WriteAddress => Rule::UninitializedAddress,
        UninitKind::ControlFlow => Rule::UninitializedControlFlow,
        UninitKind::Index => Rule::UninitializedIndex,
    }
}

fn headline(u: &UninitUse) -> String {
    let at = |what: &str| format!("{what} {} memory address {}", u.space, hex(u.address));
    match u.kind {
        UninitKind::StoredValue => at("Uninitialized value written to"),
        UninitKind::ReadAddress => at("Uninitialized address used to read from"),
        UninitKind::WriteAddress => at("Uninitialized address used to write to"),
        UninitKind::ControlFlow => "Controlflow depends on uninitialized value".to_string(),
        UninitKind::Index => "Instruction depends on an uninitialized index value".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headlines_are_oclgrinds() {
        let u = |kind| UninitUse {
            kind,
            space: AddrSpace::Global,
            address: 0x1000000000004,
            origin: Origin::Unknown,
            operand: None,
        };
        assert_eq!(
            headline(&u(UninitKind::StoredValue)),
            "Uninitialized value written to global memory address 0x1000000000004"
        );
        assert_eq!(
            headline(&u(UninitKind::ReadAddress)),
            "Uninitialized address used to read from global memory address 0x1000000000004"
        );
        assert_eq!(
            headline(&u(UninitKind::ControlFlow)),
            "Controlflow depends on uninitialized value"
        );
    }
}
