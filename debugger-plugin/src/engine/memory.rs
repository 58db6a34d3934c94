//! Memory: `gmem`, `lmem` and `pmem` (a whole memory dumped, or rows at an address), and the
//! bytes of an expression or an address for a memory view.

use oclgrind_core::debugging::{memory_dump_rows, AddrSpace, WorkItemView};

use super::errors::CommandError;
use super::prompt::{reply, Answer, Done};
use super::Frontend;
use crate::inspect;
use crate::protocol::{Event, MemorySpace, Reply};

/// `gmem`, `lmem`, `pmem` [address [size]].
pub(super) fn memory(
    space: MemorySpace,
    address: Option<u64>,
    size: Option<u64>,
    view: &WorkItemView,
    fe: &mut dyn Frontend,
) -> Done {
    let space = core_space(space);
    match address {
        None => {
            dump(view, space, fe);
            Ok(Answer::Stay)
        }
        Some(addr) if addr % 4 != 0 => Err(CommandError::UnalignedAddress),
        Some(addr) => {
            let rows = inspect::memory_rows(view, space, addr, size.unwrap_or(8))
                .ok_or(CommandError::InvalidAddress)?;
            reply(Reply::Memory(rows))
        }
    }
}

/// Up to `size` bytes of what an expression names.
pub(super) fn memory_of(expr: String, size: u64, view: &WorkItemView) -> Done {
    let (space, address, bytes) = inspect::memory_of(view, &expr, size)?;
    reply(Reply::MemoryOf {
        expr,
        space: protocol_space(space),
        address,
        uninitialized: shadow_of(view, space, address, &bytes),
        bytes,
    })
}

/// Up to `size` bytes at an address.
pub(super) fn memory_at(space: MemorySpace, address: u64, size: u64, view: &WorkItemView) -> Done {
    let bytes = inspect::read_up_to(view, core_space(space), address, size)?;
    reply(Reply::MemoryOf {
        expr: format!("0x{address:x}"),
        space,
        address,
        uninitialized: shadow_of(view, core_space(space), address, &bytes),
        bytes,
    })
}

/// `WriteMemory`: bytes written at an address of global memory, the group's local memory or
/// the work-item's private memory (as many as fit in the buffer there); what is written
/// becomes initialised.
pub(super) fn write_memory(
    space: MemorySpace,
    address: u64,
    bytes: &[u8],
    view: &WorkItemView,
) -> Done {
    let space = core_space(space);
    // The longest start of `bytes` that one buffer holds.
    let fits = (view.buffer_ranges(space).into_iter())
        .find(|&(a, size)| address >= a && address < a + size)
        .map(|(a, size)| (a + size - address).min(bytes.len() as u64))
        .ok_or(CommandError::InvalidAddress)?;
    if bytes.is_empty() {
        return reply(Reply::Written(0));
    }
    if !view.write(space, address, &bytes[..fits as usize]) {
        return Err(CommandError::InvalidAddress);
    }
    reply(Reply::Written(fits))
}

/// A whole memory, as Oclgrind dumps it, sent in pieces: the buffers may be large.
fn dump(view: &WorkItemView, space: AddrSpace, fe: &mut dyn Frontend) {
    const PIECE: u64 = 64 * 1024;
    let mut text = String::from("\n");
    for (addr, size) in view.buffer_ranges(space) {
        for offset in (0..size).step_by(PIECE as usize) {
            let len = PIECE.min(size - offset);
            if let Some(bytes) = view.read(space, addr + offset, len) {
                memory_dump_rows(&mut text, addr + offset, &bytes);
            }
            if text.len() >= 1 << 20 {
                fe.event(&Event::Reply(Reply::Text(std::mem::take(&mut text))));
            }
        }
    }
    if !text.is_empty() {
        fe.event(&Event::Reply(Reply::Text(text)));
    }
}

fn core_space(space: MemorySpace) -> AddrSpace {
    match space {
        MemorySpace::Global => AddrSpace::Global,
        MemorySpace::Local => AddrSpace::Local,
        MemorySpace::Private => AddrSpace::Private,
    }
}

/// The protocol's name for where memory is (constant memory is global memory here).
pub(super) fn protocol_space(space: AddrSpace) -> MemorySpace {
    match space {
        AddrSpace::Local => MemorySpace::Local,
        AddrSpace::Private | AddrSpace::Generic => MemorySpace::Private,
        AddrSpace::Global | AddrSpace::Constant => MemorySpace::Global,
    }
}

/// The uninitialised bits of memory read for a memory view (empty without the checker).
fn shadow_of(view: &WorkItemView, space: AddrSpace, address: u64, bytes: &[u8]) -> Vec<u8> {
    view.read_shadow(space, address, bytes.len() as u64)
        .unwrap_or_default()
}
