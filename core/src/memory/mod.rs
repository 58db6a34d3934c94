//! Simulated memory: address encoding and the buffer tables of the four OpenCL address spaces.
//!
//! An address is `(buffer index << offset_bits) | offset`, as Oclgrind encodes it, so diagnostics
//! print the same addresses. Index 0 is never a buffer, which makes NULL (and anything near it)
//! invalid. Every access is bounds-checked against its buffer; memory that several worker threads
//! can see is only touched through relaxed atomics (see `access`), so a racy kernel cannot make
//! the simulator itself misbehave.

mod access;
mod global;
pub(crate) mod storage;
mod table;

pub use access::{load_bytes, store_bytes, Scalar};
pub use global::{
    released_argument, released_argument_address, GlobalBuffer, GlobalMemory, GlobalView,
};
pub use table::{ArenaMark, ArenaMemory, BufEntry, MemView, ShadowPlaces, SvmRange};

use std::fmt;

/// The OpenCL address spaces, numbered as SPIR numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum AddrSpace {
    Private = 0,
    Global = 1,
    Constant = 2,
    Local = 3,
    /// OpenCL 2.0's generic address space: the pointer itself says where it points (see
    /// `to_generic`).
    Generic = 4,
}

impl AddrSpace {
    pub fn from_llvm(n: u32) -> Option<AddrSpace> {
        match n {
            0 => Some(AddrSpace::Private),
            1 => Some(AddrSpace::Global),
            2 => Some(AddrSpace::Constant),
            3 => Some(AddrSpace::Local),
            4 => Some(AddrSpace::Generic),
            _ => None,
        }
    }

    /// The number LLVM gives the space (the inverse of `from_llvm`).
    pub fn llvm_number(self) -> u32 {
        match self {
            AddrSpace::Private => 0,
            AddrSpace::Global => 1,
            AddrSpace::Constant => 2,
            AddrSpace::Local => 3,
            AddrSpace::Generic => 4,
        }
    }

    /// The name used in diagnostics ("global memory address ...").
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Private => "private",
            AddrSpace::Global => "global",
            AddrSpace::Constant => "constant",
            AddrSpace::Local => "local",
            AddrSpace::Generic => "generic",
        }
    }

    /// Bits of an address that hold the offset within a buffer (64-bit host layout).
    pub fn offset_bits(self) -> u32 {
        match self {
            AddrSpace::Private => PRIVATE_OFFSET_BITS,
            _ => GLOBAL_OFFSET_BITS,
        }
    }
}

impl fmt::Display for AddrSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Global, constant and local addresses: 16 index bits, 48 offset bits.
pub const GLOBAL_OFFSET_BITS: u32 = 48;
/// Private addresses: 32 index bits, 32 offset bits.
pub const PRIVATE_OFFSET_BITS: u32 = 32;

/// Generic pointers carry their address space in the top two bits (private is 0, so a private
/// pointer is unchanged). Buffer indices stay below these bits: global memory holds at most
/// 2^14 - 1 buffers, and a work-item's 1 GiB of private memory can never need 2^30.
const GENERIC_TAG_SHIFT: u32 = 62;

/// Converts a pointer into `space` to a generic pointer. NULL stays NULL.
pub fn to_generic(addr: u64, space: AddrSpace) -> u64 {
    let tag = match space {
        AddrSpace::Generic | AddrSpace::Private => return addr,
        s => s as u64,
    };
    if addr == 0 {
        0
    } else {
        addr | (tag << GENERIC_TAG_SHIFT)
    }
}

/// Where a generic pointer points.
#[inline(always)]
pub fn from_generic(addr: u64) -> (AddrSpace, u64) {
    let space = match addr >> GENERIC_TAG_SHIFT {
        0 => AddrSpace::Private,
        1 => AddrSpace::Global,
        2 => AddrSpace::Constant,
        _ => AddrSpace::Local,
    };
    (space, addr & ((1 << GENERIC_TAG_SHIFT) - 1))
}

/// Resolves generic pointers to their real space; other spaces are returned as they are.
#[inline(always)]
pub fn resolve(space: AddrSpace, addr: u64) -> (AddrSpace, u64) {
    if space == AddrSpace::Generic {
        from_generic(addr)
    } else {
        (space, addr)
    }
}

/// Builds an address from a buffer index and an offset.
pub fn encode_address(index: u64, offset: u64, offset_bits: u32) -> u64 {
    (index << offset_bits) | (offset & ((1u64 << offset_bits) - 1))
}

/// Splits an address into (buffer index, offset).
pub fn decode_address(addr: u64, offset_bits: u32) -> (u64, u64) {
    (addr >> offset_bits, addr & ((1u64 << offset_bits) - 1))
}

/// Buffer flags that change how accesses are checked (the `cl_mem_flags` subset MemCheck uses).
pub mod flags {
    pub const READ_ONLY: u32 = 1 << 0;
    pub const WRITE_ONLY: u32 = 1 << 1;
    /// Some of the buffer is mapped by the host: accesses are shown to MemCheck, which knows
    /// the mapped regions.
    pub const MAPPED: u32 = 1 << 2;
}

/// Why an access was refused or is suspicious.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// No live buffer holds the whole access (includes NULL).
    OutOfBounds,
    /// A store to a buffer created read-only.
    WriteToReadOnly,
    /// A load from a buffer created write-only.
    ReadFromWriteOnly,
    /// An access to a buffer the host has mapped (it may or may not touch a mapped region).
    MappedAccess,
}

/// One refused or suspicious access, as reported to plugins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub space: AddrSpace,
    pub address: u64,
    pub size: u64,
    pub is_store: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_encoding_matches_oclgrind() {
        // Buffer 1 offset 0x40 in global memory prints as 0x1000000000040.
        assert_eq!(encode_address(1, 0x40, GLOBAL_OFFSET_BITS), 0x1000000000040);
        // First private buffer.
        assert_eq!(encode_address(1, 0, PRIVATE_OFFSET_BITS), 0x100000000);
        assert_eq!(
            decode_address(0x3000000000fac, GLOBAL_OFFSET_BITS),
            (3, 0xfac)
        );
        assert_eq!(
            decode_address(0x2_0000_0010, PRIVATE_OFFSET_BITS),
            (2, 0x10)
        );
        // Offsets wider than the field are cut, never spill into the index.
        assert_eq!(
            encode_address(1, 1u64 << 48, GLOBAL_OFFSET_BITS),
            1u64 << 48
        );
    }

    #[test]
    fn generic_pointers_round_trip() {
        let g = 0x3000000000010;
        let tagged = to_generic(g, AddrSpace::Global);
        assert_ne!(tagged, g);
        assert_eq!(from_generic(tagged), (AddrSpace::Global, g));
        assert_eq!(to_generic(0, AddrSpace::Local), 0);
        assert_eq!(
            from_generic(to_generic(0x1_0000_0004, AddrSpace::Private)),
            (AddrSpace::Private, 0x1_0000_0004)
        );
        assert_eq!(resolve(AddrSpace::Local, 5), (AddrSpace::Local, 5));
        assert_eq!(
            from_generic(to_generic(8, AddrSpace::Local)),
            (AddrSpace::Local, 8)
        );
    }

    #[test]
    fn address_space_names() {
        assert_eq!(AddrSpace::from_llvm(3).unwrap().name(), "local");
        assert_eq!(AddrSpace::from_llvm(4), Some(AddrSpace::Generic));
        assert_eq!(AddrSpace::from_llvm(5), None);
        assert_eq!(AddrSpace::Constant.offset_bits(), 48);
        assert_eq!(AddrSpace::Private.offset_bits(), 32);
    }
}
