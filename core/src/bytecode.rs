//! Our own compact, pre-decoded bytecode: what the lowering produces and the interpreter runs.
//!
//! Every SSA value of a function owns one register slot per scalar lane (a `u64`), numbered per
//! frame. Integers are kept zero-extended to their width, `float` as its bit pattern in the low
//! 32 bits, `half` as its bit pattern in the low 16 bits, `double` as its bit pattern, pointers
//! as simulated addresses. Vectors take one slot
//! per lane and aggregates one slot per scalar leaf, so every operand is a slot number.
//! Constants get slots too: a function's `frame_init` holds their values (and zeros elsewhere)
//! and is copied into every new frame.
//! Nothing in here refers to LLVM.

pub mod builtin_call;

use crate::memory::AddrSpace;
pub use builtin_call::BuiltinSite;

/// Index of a register slot within a frame.
pub type Slot = u32;
/// Index of an op within a function's code.
pub type Pc = u32;

/// An op of a kernel: its function (in the kernel's function list) and its index there. The
/// one way the simulator names a place in the code; two integers, so plugins keep them freely.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Site {
    pub func: u32,
    pub pc: Pc,
}

/// Scalar types a slot can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarTy {
    /// Integer of 1..=64 bits.
    Int(u8),
    /// `half` (IEEE binary16, `crate::half`).
    F16,
    F32,
    F64,
    Ptr(AddrSpace),
}

impl ScalarTy {
    /// Bytes the scalar occupies in memory (i1 takes a byte).
    pub fn size(self) -> u32 {
        match self {
            ScalarTy::Int(b) => (b as u32).div_ceil(8).next_power_of_two(),
            ScalarTy::F16 => 2,
            ScalarTy::F32 => 4,
            ScalarTy::F64 | ScalarTy::Ptr(_) => 8,
        }
    }

    /// How a load or store of the scalar accesses memory: its store size, which for odd
    /// widths (an `i24` after optimisation) is less than `size()`.
    pub fn mem_ty(self) -> MemTy {
        let bytes = match self {
            ScalarTy::Int(b) => (b as u32).div_ceil(8),
            _ => self.size(),
        };
        match bytes {
            1 => MemTy::U8,
            2 => MemTy::U16,
            4 => MemTy::U32,
            8 => MemTy::U64,
            n => MemTy::Bytes(n as u8),
        }
    }

    pub fn float(self) -> Option<FloatTy> {
        match self {
            ScalarTy::F16 => Some(FloatTy::F16),
            ScalarTy::F32 => Some(FloatTy::F32),
            ScalarTy::F64 => Some(FloatTy::F64),
            _ => None,
        }
    }

    /// Width in bits of a value as a slot holds it (an `i1` is one bit, a `half` 16).
    pub fn bits(self) -> u8 {
        match self {
            ScalarTy::Int(b) => b,
            ScalarTy::F16 => 16,
            ScalarTy::F32 => 32,
            ScalarTy::F64 | ScalarTy::Ptr(_) => 64,
        }
    }

    /// Width in bits of an integer or pointer value.
    pub fn int_bits(self) -> u8 {
        match self {
            ScalarTy::Int(b) => b,
            _ => 64,
        }
    }
}

/// A scalar or vector value type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VType {
    pub elem: ScalarTy,
    pub lanes: u16,
}

impl VType {
    pub fn scalar(elem: ScalarTy) -> VType {
        VType { elem, lanes: 1 }
    }
}

/// LLVM's spelling (`float`, `<32 x i16>`), for messages about the lowered code.
impl std::fmt::Display for ScalarTy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScalarTy::Int(bits) => write!(f, "i{bits}"),
            ScalarTy::F16 => f.write_str("half"),
            ScalarTy::F32 => f.write_str("float"),
            ScalarTy::F64 => f.write_str("double"),
            ScalarTy::Ptr(space) => write!(f, "ptr addrspace({})", space.llvm_number()),
        }
    }
}

impl std::fmt::Display for VType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.lanes {
            1 => self.elem.fmt(f),
            n => write!(f, "<{n} x {}>", self.elem),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatTy {
    F16,
    F32,
    F64,
}

impl FloatTy {
    /// The scalar type of a value of this precision.
    pub fn scalar(self) -> ScalarTy {
        match self {
            FloatTy::F16 => ScalarTy::F16,
            FloatTy::F32 => ScalarTy::F32,
            FloatTy::F64 => ScalarTy::F64,
        }
    }
}

/// Width of a memory access element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemTy {
    U8,
    U16,
    U32,
    U64,
    /// An odd number of bytes (3, 5, 6 or 7), little-endian.
    Bytes(u8),
}

impl MemTy {
    pub fn size(self) -> u32 {
        match self {
            MemTy::U8 => 1,
            MemTy::U16 => 2,
            MemTy::U32 => 4,
            MemTy::U64 => 8,
            MemTy::Bytes(n) => n as u32,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntBinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    SMax,
    SMin,
    UMax,
    UMin,
    UAddSat,
    SAddSat,
    USubSat,
    SSubSat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntUnOp {
    /// `llvm.abs`
    Abs,
    CtPop,
    Ctlz,
    Cttz,
    BSwap,
    BitReverse,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatBinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    MinNum,
    MaxNum,
    Minimum,
    Maximum,
    CopySign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatUnOp {
    Neg,
    Abs,
    Sqrt,
    /// `1 / sqrt(x)` (OpenCL's `rsqrt`).
    Rsqrt,
    Floor,
    Ceil,
    Trunc,
    Rint,
    Round,
    RoundEven,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

/// Conversions between scalar types (applied per lane).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    /// Keep the low `to` bits (trunc; also zext, which is a plain copy of a normalized value).
    Trunc {
        to: u8,
    },
    SExt {
        from: u8,
        to: u8,
    },
    /// To a narrower float (rounding to nearest).
    FpTrunc {
        from: FloatTy,
        to: FloatTy,
    },
    /// To a wider float (exact).
    FpExt {
        from: FloatTy,
        to: FloatTy,
    },
    FpToSi {
        from: FloatTy,
        to: u8,
    },
    FpToUi {
        from: FloatTy,
        to: u8,
    },
    SiToFp {
        from: u8,
        to: FloatTy,
    },
    UiToFp {
        from: u8,
        to: FloatTy,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverflowOp {
    SAdd,
    UAdd,
    SSub,
    USub,
    SMul,
    UMul,
}

/// Work-item queries, the hottest builtins, turned into ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WiQuery {
    GlobalId,
    GlobalSize,
    GlobalOffset,
    LocalId,
    LocalSize,
    EnqueuedLocalSize,
    GroupId,
    NumGroups,
    WorkDim,
    GlobalLinearId,
    LocalLinearId,
}

/// `Op::SubGroupMeet`'s fence when the meeting is a sub-group function's, not a barrier.
pub const NOT_A_BARRIER: u32 = u32::MAX;

/// One instruction of our bytecode.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    Nop,
    Mov {
        d: Slot,
        s: Slot,
    },
    MovN {
        d: Slot,
        s: Slot,
        n: u32,
    },

    // Scalar integer arithmetic, the common cases; the result is masked to `bits`.
    Add {
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    Sub {
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    Mul {
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    And {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    Or {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    Xor {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    Shl {
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    LShr {
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    AShr {
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    /// Any integer binary op on `lanes` lanes.
    IntBin {
        op: IntBinOp,
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
        lanes: u16,
    },
    IntUn {
        op: IntUnOp,
        d: Slot,
        s: Slot,
        bits: u8,
        lanes: u16,
    },
    /// Funnel shift (`llvm.fshl` / `llvm.fshr`).
    Funnel {
        left: bool,
        d: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
        bits: u8,
        lanes: u16,
    },
    /// `{result, overflowed}` of an `llvm.*.with.overflow` intrinsic.
    Overflow {
        op: OverflowOp,
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    ICmp {
        pred: IntPred,
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
    },
    ICmpV {
        pred: IntPred,
        d: Slot,
        a: Slot,
        b: Slot,
        bits: u8,
        lanes: u16,
    },

    // Scalar float arithmetic, the common cases.
    FAdd32 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FSub32 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FMul32 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FDiv32 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FAdd64 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FSub64 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FMul64 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FDiv64 {
        d: Slot,
        a: Slot,
        b: Slot,
    },
    FloatBin {
        op: FloatBinOp,
        ty: FloatTy,
        d: Slot,
        a: Slot,
        b: Slot,
        lanes: u16,
    },
    FloatUn {
        op: FloatUnOp,
        ty: FloatTy,
        d: Slot,
        s: Slot,
        lanes: u16,
    },
    /// The `float` dot product of `lanes` lanes of `a` and `b`, summed in double and rounded
    /// once (as Oclgrind computes it).
    DotF32 {
        d: Slot,
        a: Slot,
        b: Slot,
        lanes: u16,
    },
    /// `a * b + c`; fused (one rounding) for `llvm.fma`, free to round twice for `llvm.fmuladd`.
    Fma {
        ty: FloatTy,
        fused: bool,
        d: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
        lanes: u16,
    },
    FCmp {
        pred: FloatPred,
        ty: FloatTy,
        d: Slot,
        a: Slot,
        b: Slot,
        lanes: u16,
    },

    /// Scalar condition choosing between `n`-slot values.
    Select {
        d: Slot,
        c: Slot,
        t: Slot,
        f: Slot,
        n: u32,
    },
    /// Per-lane condition.
    SelectV {
        d: Slot,
        c: Slot,
        t: Slot,
        f: Slot,
        lanes: u16,
    },

    SExt {
        d: Slot,
        s: Slot,
        from: u8,
        to: u8,
    },
    Trunc {
        d: Slot,
        s: Slot,
        bits: u8,
    },
    Cast {
        op: CastOp,
        d: Slot,
        s: Slot,
        lanes: u16,
    },
    /// Reinterpret the bytes of a vector with a different lane layout.
    Bitcast {
        d: Slot,
        s: Slot,
        from: VType,
        to: VType,
    },
    ExtractDyn {
        d: Slot,
        v: Slot,
        idx: Slot,
        lanes: u16,
    },
    /// Pointer into `space` to a generic pointer (tags the address with its space).
    ToGeneric {
        d: Slot,
        s: Slot,
        space: AddrSpace,
    },
    /// Generic pointer to a pointer into a named space (drops the tag).
    FromGeneric {
        d: Slot,
        s: Slot,
    },
    /// `to_global` and friends: the pointer if it points into `space`, else NULL.
    GenericTo {
        d: Slot,
        s: Slot,
        space: AddrSpace,
    },
    InsertDyn {
        d: Slot,
        v: Slot,
        e: Slot,
        idx: Slot,
        lanes: u16,
    },

    Load {
        d: Slot,
        p: Slot,
        space: AddrSpace,
        ty: MemTy,
        align: u8,
    },
    LoadV {
        d: Slot,
        p: Slot,
        space: AddrSpace,
        ty: MemTy,
        lanes: u16,
        align: u8,
    },
    LoadAgg {
        d: Slot,
        p: Slot,
        space: AddrSpace,
        layout: u32,
    },
    Store {
        p: Slot,
        s: Slot,
        space: AddrSpace,
        ty: MemTy,
        align: u8,
    },
    StoreV {
        p: Slot,
        s: Slot,
        space: AddrSpace,
        ty: MemTy,
        lanes: u16,
        align: u8,
    },
    StoreAgg {
        p: Slot,
        s: Slot,
        space: AddrSpace,
        layout: u32,
    },
    Alloca {
        d: Slot,
        size: u32,
        /// The type's padding, an index into `Function::paddings` (`u32::MAX`: none).
        padding: u32,
    },
    /// `d = base + sext(idx) * scale + offset`
    Gep {
        d: Slot,
        base: Slot,
        idx: Slot,
        idx_bits: u8,
        scale: i32,
        offset: i32,
    },
    GepConst {
        d: Slot,
        base: Slot,
        offset: i64,
    },
    /// Address computation with several variable indices (side table).
    GepN {
        d: Slot,
        base: Slot,
        table: u32,
    },
    /// MemCheck's static array bounds check of an index that feeds a memory access.
    CheckIndex {
        idx: Slot,
        bits: u8,
        len: u32,
    },
    AtomicRmw {
        op: RmwOp,
        d: Slot,
        p: Slot,
        v: Slot,
        space: AddrSpace,
        ty: ScalarTy,
    },
    CmpXchg {
        d: Slot,
        p: Slot,
        cmp: Slot,
        new: Slot,
        space: AddrSpace,
        ty: MemTy,
    },
    MemCpy {
        dst: Slot,
        src: Slot,
        len: Slot,
        dst_space: AddrSpace,
        src_space: AddrSpace,
        /// The padding of what is copied, when its type is known: an index into
        /// `Function::paddings` (`u32::MAX`: unknown).
        padding: u32,
    },
    MemSet {
        dst: Slot,
        val: Slot,
        len: Slot,
        space: AddrSpace,
    },
    /// Where the value of a speculated load (llvm::lower::speculated) is used: the read of
    /// `size` bytes at `p` the source makes, shown to checkers; memory is not touched.
    SpeculatedUse {
        p: Slot,
        space: AddrSpace,
        size: u32,
    },

    /// The start of a basic block, when the program counts instructions: block `block` of the
    /// kernel (numbered across its functions) runs once more. Every instruction of a block
    /// runs each time it is entered, so counting blocks counts LLVM instructions exactly.
    CountBlock {
        block: u32,
    },
    /// After an atomic or volatile access (`llvm::spin`): where a work-item may be spinning,
    /// waiting for another. The scalar scheduler's work-item gives way to the others after
    /// `SPIN_LIMIT` of them in one turn (`exec::workitem::Stop::Yield`).
    SpinPoint,

    Br {
        t: Pc,
    },
    CondBr {
        c: Slot,
        t: Pc,
        f: Pc,
    },
    Switch {
        c: Slot,
        table: u32,
    },
    Ret {
        s: Slot,
        n: u32,
    },
    RetVoid,
    Call {
        site: u32,
    },
    Builtin {
        site: u32,
    },
    /// A work-group barrier with its fence flags.
    Barrier {
        fence: u32,
    },
    /// Sub-group functions and `sub_group_barrier`: the work-item waits for the others of its
    /// sub-group that reach the same call with it (the active ones;
    /// `GroupItems::release_meetings`). `fence`: a barrier's fence flags, `NOT_A_BARRIER`
    /// for a function.
    SubGroupMeet {
        fence: u32,
    },
    /// `wait_group_events(n, list)`: a barrier that also completes the listed async copies.
    WaitEvents {
        n: Slot,
        list: Slot,
        space: AddrSpace,
    },
    WorkItem {
        q: WiQuery,
        d: Slot,
        dim: u8,
    },
    WorkItemDyn {
        q: WiQuery,
        d: Slot,
        dim: Slot,
    },
    /// Stop the work-item with a fatal error (e.g. `unreachable`, `llvm.trap`).
    Trap {
        msg: u32,
    },
}

/// A scalar leaf of an aggregate in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub ty: ScalarTy,
    pub offset: u32,
}

/// Memory layout of an aggregate value: leaves in slot order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub leaves: Vec<Leaf>,
    pub size: u32,
}

/// Several variable indices of one address computation.
#[derive(Clone, Debug)]
pub struct GepTable {
    pub offset: i64,
    /// (index slot, index bits, scale)
    pub terms: Vec<(Slot, u8, i64)>,
}

#[derive(Clone, Debug)]
pub struct SwitchTable {
    pub bits: u8,
    pub default: Pc,
    pub cases: Vec<(u64, Pc)>,
}

/// An argument passed to a defined function.
#[derive(Clone, Copy, Debug)]
pub struct CallArg {
    /// First slot of the value (the callee's parameter says how many).
    pub slot: Slot,
    /// For `byval` pointers: bytes to copy into a fresh private buffer.
    pub byval: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct CallSite {
    pub func: u32,
    pub args: Vec<CallArg>,
    pub dst: Slot,
    pub ret_n: u32,
    /// The type of the value returned, when it is a scalar or vector (the debugger's
    /// `finish` shows it).
    pub ret_ty: Option<VType>,
}

/// A constant slot whose value is the address of a program-scope variable, known only once the
/// program is placed in a context's global memory.
#[derive(Clone, Copy, Debug)]
pub struct Reloc {
    pub slot: Slot,
    pub global: u32,
    pub addend: i64,
}

/// Where an op came from, for diagnostics.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpInfo {
    /// Index of the LLVM instruction in `Function::insts`, or `u32::MAX`.
    pub inst: u32,
    pub line: u32,
    pub col: u32,
    /// Index of the source file in `Function::files`.
    pub file: u32,
}

impl OpInfo {
    pub const NONE: OpInfo = OpInfo {
        inst: u32::MAX,
        line: 0,
        col: 0,
        file: 0,
    };
}

/// An LLVM instruction a function was lowered from.
#[derive(Clone, Debug)]
pub struct InstInfo {
    /// Its textual form as LLVM prints it (starting with two spaces).
    pub text: String,
    /// A load the optimiser moved out of the condition it was under, or made up: no source
    /// position, and its value only flows into phi nodes (LICM's promotion, SimplifyCFG's
    /// speculation). A work-item may run it without the source ever reading there.
    pub speculated: bool,
    /// A load whose value becomes the expected value of a compare-and-swap (the seed of a CAS
    /// loop): the swap checks what it read.
    pub seeds_cas: bool,
    /// An atomic addition or subtraction (increment, decrement) whose old value nothing uses:
    /// such ones leave the same memory in any order and tell the work-item nothing.
    pub unread_addition: bool,
    /// What the instruction counter calls it.
    pub counted: Counted,
    /// Its source position (line 0: none), the file as an index into `Function::files`.
    pub line: u32,
    pub file: u32,
}

/// An LLVM instruction as the instruction counter names it (compat §4.7): loads and stores
/// by address space with the bytes they move, calls by callee, the rest by opcode.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Counted {
    /// `llvm.dbg.*` calls, which are not counted.
    Not,
    Opcode(&'static str),
    Load {
        space: AddrSpace,
        bytes: u64,
    },
    Store {
        space: AddrSpace,
        bytes: u64,
    },
    Call(String),
}

/// A basic block, for counting: the kernel-wide number its `CountBlock` op carries, and its
/// instructions (a range of `Function::insts`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedBlock {
    pub id: u32,
    pub insts: std::ops::Range<u32>,
}

/// One lowered function.
#[derive(Clone, Debug, Default)]
pub struct Function {
    pub name: String,
    pub code: Vec<Op>,
    pub info: Vec<OpInfo>,
    pub insts: Vec<InstInfo>,
    /// Its basic blocks, when the program counts instructions (else empty).
    pub blocks: Vec<CountedBlock>,
    /// Source files named by debug locations (`input.cl` for programs built from source).
    pub files: Vec<String>,
    /// The same files' paths, joined to the directory the debug info gives (an included
    /// header can be read there; the main source's scratch directory is gone).
    pub file_paths: Vec<String>,
    pub num_slots: u32,
    /// Initial value of every slot of a new frame: constants in place, zero elsewhere.
    pub frame_init: Vec<u64>,
    /// The slots of `undef` and `poison` constants (zero in `frame_init`): uninitialised
    /// values, for the Uninitialized checker.
    pub undef_slots: Vec<Slot>,
    /// Slots no op writes, as (first, count): parameters and constants (`undef` ones too).
    /// Every other slot is written before it is read, which lets a new work-item start from
    /// the registers of the last one (`WorkItem::reset`).
    pub fixed_slots: Vec<(Slot, u32)>,
    /// Padding of the types of allocas and of what copies copy (`Op::Alloca::padding`,
    /// `Op::MemCpy::padding`): (offset, length) ranges.
    pub paddings: Vec<Vec<(u32, u32)>>,
    pub relocs: Vec<Reloc>,
    /// First slot and slot count of each parameter.
    pub params: Vec<(Slot, u32)>,
    pub layouts: Vec<Layout>,
    pub geps: Vec<GepTable>,
    pub switches: Vec<SwitchTable>,
    pub calls: Vec<CallSite>,
    pub builtins: Vec<BuiltinSite>,
    pub traps: Vec<String>,
}

impl Op {
    /// The registers a register-only op reads or writes, as (first slot, count): the ones
    /// `exec::pure_ops` indexes without bounds checks, which `Function::check_registers`
    /// holds to the frame when the function is lowered. Every other register access (slices,
    /// the interpreter's own ops) is bounds-checked and not listed. The `match` names every
    /// op, so that a new one must say which it is.
    pub fn unchecked_registers(&self, visit: &mut impl FnMut(Slot, u32)) {
        use Op::*;
        match *self {
            Mov { d, s }
            | SExt { d, s, .. }
            | Trunc { d, s, .. }
            | ToGeneric { d, s, .. }
            | FromGeneric { d, s }
            | GenericTo { d, s, .. }
            | GepConst { d, base: s, .. } => {
                visit(d, 1);
                visit(s, 1);
            }
            Add { d, a, b, .. }
            | Sub { d, a, b, .. }
            | Mul { d, a, b, .. }
            | And { d, a, b }
            | Or { d, a, b }
            | Xor { d, a, b }
            | Shl { d, a, b, .. }
            | LShr { d, a, b, .. }
            | AShr { d, a, b, .. }
            | ICmp { d, a, b, .. }
            | FAdd32 { d, a, b }
            | FSub32 { d, a, b }
            | FMul32 { d, a, b }
            | FDiv32 { d, a, b }
            | FAdd64 { d, a, b }
            | FSub64 { d, a, b }
            | FMul64 { d, a, b }
            | FDiv64 { d, a, b }
            | Gep {
                d, base: a, idx: b, ..
            } => {
                visit(d, 1);
                visit(a, 1);
                visit(b, 1);
            }
            Overflow { d, a, b, .. } => {
                // The value and the overflow flag.
                visit(d, 2);
                visit(a, 1);
                visit(b, 1);
            }
            IntBin { d, a, b, lanes, .. }
            | ICmpV { d, a, b, lanes, .. }
            | FloatBin { d, a, b, lanes, .. }
            | FCmp { d, a, b, lanes, .. } => {
                for s in [d, a, b] {
                    visit(s, lanes as u32);
                }
            }
            IntUn { d, s, lanes, .. } | FloatUn { d, s, lanes, .. } | Cast { d, s, lanes, .. } => {
                visit(d, lanes as u32);
                visit(s, lanes as u32);
            }
            Funnel {
                d, a, b, c, lanes, ..
            }
            | Fma {
                d, a, b, c, lanes, ..
            }
            | SelectV {
                d,
                c: a,
                t: b,
                f: c,
                lanes,
            } => {
                for s in [d, a, b, c] {
                    visit(s, lanes as u32);
                }
            }
            DotF32 { d, a, b, lanes } => {
                visit(d, 1);
                visit(a, lanes as u32);
                visit(b, lanes as u32);
            }
            Select { d, c, t, f, n } => {
                visit(c, 1);
                for s in [d, t, f] {
                    visit(s, n);
                }
            }
            ExtractDyn { d, v, idx, lanes } => {
                visit(d, 1);
                visit(idx, 1);
                visit(v, lanes as u32);
            }
            InsertDyn {
                d,
                v,
                e,
                idx,
                lanes,
            } => {
                visit(d, lanes as u32);
                visit(v, lanes as u32);
                visit(e, 1);
                visit(idx, 1);
            }
            // Slices of the frame (bounds-checked), or the interpreter's ops.
            Nop
            | MovN { .. }
            | Bitcast { .. }
            | Load { .. }
            | LoadV { .. }
            | LoadAgg { .. }
            | Store { .. }
            | StoreV { .. }
            | StoreAgg { .. }
            | Alloca { .. }
            | GepN { .. }
            | CheckIndex { .. }
            | AtomicRmw { .. }
            | CmpXchg { .. }
            | MemCpy { .. }
            | MemSet { .. }
            | SpeculatedUse { .. }
            | CountBlock { .. }
            | SpinPoint
            | Br { .. }
            | CondBr { .. }
            | Switch { .. }
            | Ret { .. }
            | RetVoid
            | Call { .. }
            | Builtin { .. }
            | Barrier { .. }
            | SubGroupMeet { .. }
            | WaitEvents { .. }
            | WorkItem { .. }
            | WorkItemDyn { .. }
            | Trap { .. } => {}
        }
    }

    /// Whether every register `unchecked_registers` names lies below `frame_len`.
    pub fn registers_within(&self, frame_len: usize) -> bool {
        let mut within = true;
        self.unchecked_registers(&mut |s, n| {
            within &= s as usize + n as usize <= frame_len;
        });
        within
    }
}

/// The registers an op writes in its own frame: one run of slots from a first one (`d` and
/// its lanes, a builtin's result), or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Writes(Option<(Slot, u32)>);

impl Writes {
    pub const NONE: Writes = Writes(None);

    fn slots(first: Slot, n: u32) -> Writes {
        Writes((n > 0).then_some((first, n)))
    }

    /// The first slot and the count, if any.
    pub fn run(self) -> Option<(Slot, u32)> {
        self.0
    }

    /// Every slot written, in order.
    pub fn iter(self) -> impl Iterator<Item = Slot> {
        self.0.into_iter().flat_map(|(first, n)| first..first + n)
    }

    pub fn contains(self, slot: Slot) -> bool {
        self.0
            .is_some_and(|(first, n)| slot >= first && slot - first < n)
    }
}

impl Op {
    /// The registers of its own frame that the op may write (those the history records before
    /// and after it runs), in `func`. A call writes only the callee's new frame and a return
    /// the caller's (its `ret_dst`): the history keeps those with the frames. The `match`
    /// names every op, so that a new one must say what it writes.
    pub fn writes(&self, func: &Function) -> Writes {
        use Op::*;
        let one = |d| Writes::slots(d, 1);
        match *self {
            Mov { d, .. }
            | Add { d, .. }
            | Sub { d, .. }
            | Mul { d, .. }
            | And { d, .. }
            | Or { d, .. }
            | Xor { d, .. }
            | Shl { d, .. }
            | LShr { d, .. }
            | AShr { d, .. }
            | ICmp { d, .. }
            | FAdd32 { d, .. }
            | FSub32 { d, .. }
            | FMul32 { d, .. }
            | FDiv32 { d, .. }
            | FAdd64 { d, .. }
            | FSub64 { d, .. }
            | FMul64 { d, .. }
            | FDiv64 { d, .. }
            | DotF32 { d, .. }
            | SExt { d, .. }
            | Trunc { d, .. }
            | ExtractDyn { d, .. }
            | ToGeneric { d, .. }
            | FromGeneric { d, .. }
            | GenericTo { d, .. }
            | Load { d, .. }
            | Alloca { d, .. }
            | Gep { d, .. }
            | GepConst { d, .. }
            | GepN { d, .. }
            | AtomicRmw { d, .. }
            | WorkItem { d, .. }
            | WorkItemDyn { d, .. } => one(d),
            MovN { d, n, .. } | Select { d, n, .. } => Writes::slots(d, n),
            IntBin { d, lanes, .. }
            | IntUn { d, lanes, .. }
            | Funnel { d, lanes, .. }
            | ICmpV { d, lanes, .. }
            | FloatBin { d, lanes, .. }
            | FloatUn { d, lanes, .. }
            | Fma { d, lanes, .. }
            | FCmp { d, lanes, .. }
            | SelectV { d, lanes, .. }
            | Cast { d, lanes, .. }
            | InsertDyn { d, lanes, .. }
            | LoadV { d, lanes, .. } => Writes::slots(d, lanes as u32),
            // The value and the flag: overflowed, or swapped.
            Overflow { d, .. } | CmpXchg { d, .. } => Writes::slots(d, 2),
            Bitcast { d, to, .. } => Writes::slots(d, to.lanes as u32),
            LoadAgg { d, layout, .. } => {
                Writes::slots(d, func.layouts[layout as usize].leaves.len() as u32)
            }
            Builtin { site } => match func.builtins[site as usize].ret {
                Some((slot, lanes, _)) => Writes::slots(slot, lanes),
                None => Writes::NONE,
            },
            Nop
            | Store { .. }
            | StoreV { .. }
            | StoreAgg { .. }
            | CheckIndex { .. }
            | MemCpy { .. }
            | MemSet { .. }
            | SpeculatedUse { .. }
            | CountBlock { .. }
            | SpinPoint
            | Br { .. }
            | CondBr { .. }
            | Switch { .. }
            | Ret { .. }
            | RetVoid
            | Call { .. }
            | Barrier { .. }
            | SubGroupMeet { .. }
            | WaitEvents { .. }
            | Trap { .. } => Writes::NONE,
        }
    }
}

/// An op of a function names a register outside the function's frame.
#[derive(Clone, Debug, thiserror::Error)]
#[error(
    "internal error: op {pc} of {function} ({op:?}) names a register past its frame of {slots}"
)]
pub struct RegisterError {
    pub pc: usize,
    pub function: String,
    pub op: Op,
    pub slots: u32,
}

impl Function {
    /// Checks that every op's unchecked registers lie in the frame: the interpreter relies on
    /// it (`exec::pure_ops`). A failure is a bug of the lowering.
    pub fn check_registers(&self) -> Result<(), RegisterError> {
        match self
            .code
            .iter()
            .position(|op| !op.registers_within(self.num_slots as usize))
        {
            None => Ok(()),
            Some(pc) => Err(RegisterError {
                pc,
                function: self.name.clone(),
                op: self.code[pc],
                slots: self.num_slots,
            }),
        }
    }

    pub fn op_info(&self, pc: Pc) -> OpInfo {
        self.info.get(pc as usize).copied().unwrap_or(OpInfo::NONE)
    }

    /// The source file of an op's debug location.
    pub fn file(&self, info: &OpInfo) -> &str {
        self.files
            .get(info.file as usize)
            .map_or("", String::as_str)
    }

    pub fn inst_text(&self, pc: Pc) -> Option<&str> {
        let info = self.op_info(pc);
        self.insts.get(info.inst as usize).map(|i| i.text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_past_the_frame_are_refused() {
        let vector_add = Op::IntBin {
            op: IntBinOp::UDiv,
            d: 8,
            a: 0,
            b: 4,
            bits: 32,
            lanes: 4,
        };
        assert!(vector_add.registers_within(12));
        assert!(
            !vector_add.registers_within(11),
            "d's fourth lane is slot 11"
        );
        let overflow = Op::Overflow {
            op: OverflowOp::UAdd,
            d: 2,
            a: 0,
            b: 1,
            bits: 32,
        };
        assert!(overflow.registers_within(4) && !overflow.registers_within(3));
        let mut f = Function {
            name: "k".into(),
            code: vec![Op::Mov { d: 0, s: 1 }, vector_add],
            num_slots: 12,
            ..Function::default()
        };
        assert!(f.check_registers().is_ok());
        f.num_slots = 11;
        let e = f.check_registers().unwrap_err().to_string();
        assert!(e.contains("op 1 of k"), "{e}");
        // Slices of the frame are bounds-checked where they are used: not listed.
        assert!(Op::MovN { d: 100, s: 0, n: 4 }.registers_within(0));
    }

    #[test]
    fn writes_name_each_ops_results() {
        let builtin = |ret| BuiltinSite {
            name: "f".into(),
            run: std::sync::Arc::new(|_: &mut dyn builtin_call::BuiltinEnv| Ok(())),
            args: vec![(0, 1)],
            ret,
            lanewise: true,
            unread_atomic: None,
        };
        let leaf = |offset| Leaf {
            ty: ScalarTy::F32,
            offset,
        };
        let f = Function {
            layouts: vec![Layout {
                leaves: vec![leaf(0), leaf(4), leaf(8)],
                size: 12,
            }],
            builtins: vec![builtin(Some((9, 4, ScalarTy::F32))), builtin(None)],
            ..Function::default()
        };
        let w = |op: Op| op.writes(&f).run();
        assert_eq!(
            w(Op::Add {
                d: 3,
                a: 1,
                b: 2,
                bits: 32
            }),
            Some((3, 1))
        );
        let vector = Op::IntBin {
            op: IntBinOp::Add,
            d: 8,
            a: 0,
            b: 4,
            bits: 32,
            lanes: 4,
        };
        assert_eq!(w(vector), Some((8, 4)));
        let overflow = Op::Overflow {
            op: OverflowOp::UAdd,
            d: 5,
            a: 0,
            b: 1,
            bits: 8,
        };
        assert_eq!(w(overflow), Some((5, 2)));
        let space = AddrSpace::Global;
        let cas = Op::CmpXchg {
            d: 6,
            p: 0,
            cmp: 1,
            new: 2,
            space,
            ty: MemTy::U32,
        };
        assert_eq!(w(cas), Some((6, 2)));
        let rmw = Op::AtomicRmw {
            op: RmwOp::Add,
            d: 7,
            p: 0,
            v: 1,
            space,
            ty: ScalarTy::Int(32),
        };
        assert_eq!(w(rmw), Some((7, 1)));
        let v = |elem, lanes| VType { elem, lanes };
        let bitcast = Op::Bitcast {
            d: 4,
            s: 0,
            from: v(ScalarTy::Int(64), 1),
            to: v(ScalarTy::Int(16), 4),
        };
        assert_eq!(w(bitcast), Some((4, 4)));
        assert_eq!(
            w(Op::LoadAgg {
                d: 10,
                p: 0,
                space,
                layout: 0
            }),
            Some((10, 3))
        );
        let load = Op::LoadV {
            d: 2,
            p: 0,
            space,
            ty: MemTy::U16,
            lanes: 3,
            align: 2,
        };
        assert_eq!(w(load), Some((2, 3)));
        assert_eq!(w(Op::Builtin { site: 0 }), Some((9, 4)));
        assert_eq!(w(Op::Builtin { site: 1 }), None);
        assert_eq!(w(Op::MovN { d: 1, s: 20, n: 0 }), None, "no slots, no run");
        assert_eq!(
            w(Op::Select {
                d: 12,
                c: 0,
                t: 1,
                f: 4,
                n: 3
            }),
            Some((12, 3))
        );
        assert_eq!(
            w(Op::Alloca {
                d: 1,
                size: 16,
                padding: u32::MAX
            }),
            Some((1, 1))
        );
        let q = WiQuery::GlobalId;
        assert_eq!(w(Op::WorkItemDyn { q, d: 2, dim: 0 }), Some((2, 1)));
        // What writes memory, moves the work-item or waits writes no register of its frame.
        let store = Op::Store {
            p: 0,
            s: 1,
            space,
            ty: MemTy::U32,
            align: 4,
        };
        for op in [
            store,
            Op::Call { site: 0 },
            Op::Ret { s: 1, n: 2 },
            Op::RetVoid,
            Op::Barrier { fence: 1 },
            Op::CondBr { c: 0, t: 1, f: 2 },
            Op::MemSet {
                dst: 0,
                val: 1,
                len: 2,
                space,
            },
            Op::CheckIndex {
                idx: 0,
                bits: 32,
                len: 4,
            },
        ] {
            assert_eq!(op.writes(&f), Writes::NONE, "{op:?}");
            assert_eq!(op.writes(&f).iter().count(), 0);
        }
        let ws = Op::Select {
            d: 12,
            c: 0,
            t: 1,
            f: 4,
            n: 3,
        }
        .writes(&f);
        assert_eq!(ws.iter().collect::<Vec<_>>(), [12, 13, 14]);
        assert!(!ws.contains(11) && ws.contains(12) && ws.contains(14) && !ws.contains(15));
    }

    /// Runs every register-only op on a frame of distinct values: the slots that change lie
    /// in what `writes` names, and a slot it names changes.
    #[test]
    fn writes_cover_what_register_ops_change() {
        use crate::exec::pure_ops::run_pure;
        let f = Function::default();
        let (d, a, b, c) = (40, 0, 8, 16);
        let idx = 24;
        let v = |elem, lanes| VType { elem, lanes };
        let ops = [
            Op::Mov { d, s: a },
            Op::MovN { d, s: a, n: 3 },
            Op::Add { d, a, b, bits: 32 },
            Op::Sub { d, a, b, bits: 64 },
            Op::Mul { d, a, b, bits: 16 },
            Op::And { d, a, b },
            Op::Or { d, a, b },
            Op::Xor { d, a, b },
            Op::Shl { d, a, b, bits: 32 },
            Op::LShr { d, a, b, bits: 32 },
            Op::AShr { d, a, b, bits: 32 },
            Op::IntBin {
                op: IntBinOp::SMax,
                d,
                a,
                b,
                bits: 32,
                lanes: 4,
            },
            Op::IntUn {
                op: IntUnOp::CtPop,
                d,
                s: a,
                bits: 64,
                lanes: 3,
            },
            Op::Funnel {
                left: true,
                d,
                a,
                b,
                c,
                bits: 32,
                lanes: 2,
            },
            Op::Overflow {
                op: OverflowOp::UAdd,
                d,
                a,
                b,
                bits: 64,
            },
            Op::ICmp {
                pred: IntPred::Ne,
                d,
                a,
                b,
                bits: 64,
            },
            Op::ICmpV {
                pred: IntPred::Ne,
                d,
                a,
                b,
                bits: 64,
                lanes: 4,
            },
            Op::FAdd32 { d, a, b },
            Op::FSub32 { d, a, b },
            Op::FMul32 { d, a, b },
            Op::FDiv32 { d, a, b },
            Op::FAdd64 { d, a, b },
            Op::FSub64 { d, a, b },
            Op::FMul64 { d, a, b },
            Op::FDiv64 { d, a, b },
            Op::FloatBin {
                op: FloatBinOp::Add,
                ty: FloatTy::F32,
                d,
                a,
                b,
                lanes: 4,
            },
            Op::FloatUn {
                op: FloatUnOp::Neg,
                ty: FloatTy::F64,
                d,
                s: a,
                lanes: 2,
            },
            Op::DotF32 { d, a, b, lanes: 4 },
            Op::Fma {
                ty: FloatTy::F32,
                fused: true,
                d,
                a,
                b,
                c,
                lanes: 3,
            },
            Op::FCmp {
                pred: FloatPred::Une,
                ty: FloatTy::F64,
                d,
                a,
                b,
                lanes: 2,
            },
            Op::Select {
                d,
                c: idx,
                t: a,
                f: b,
                n: 4,
            },
            Op::SelectV {
                d,
                c: idx,
                t: a,
                f: b,
                lanes: 4,
            },
            Op::SExt {
                d,
                s: a,
                from: 8,
                to: 32,
            },
            Op::Trunc { d, s: a, bits: 8 },
            Op::Cast {
                op: CastOp::Trunc { to: 8 },
                d,
                s: a,
                lanes: 4,
            },
            Op::Bitcast {
                d,
                s: a,
                from: v(ScalarTy::Int(32), 2),
                to: v(ScalarTy::Int(8), 8),
            },
            Op::ExtractDyn {
                d,
                v: a,
                idx,
                lanes: 4,
            },
            Op::ToGeneric {
                d,
                s: a,
                space: AddrSpace::Local,
            },
            Op::FromGeneric { d, s: a },
            Op::GenericTo {
                d,
                s: a,
                space: AddrSpace::Private,
            },
            Op::InsertDyn {
                d,
                v: a,
                e: b,
                idx,
                lanes: 4,
            },
            Op::Gep {
                d,
                base: a,
                idx: b,
                idx_bits: 32,
                scale: 4,
                offset: 8,
            },
            Op::GepConst {
                d,
                base: a,
                offset: 24,
            },
        ];
        for op in ops {
            // Distinct values everywhere, none a result could equal by chance here; a small
            // index.
            let mut r: Vec<u64> = (0..64u64)
                .map(|i| 0x5eed_0000_0000 + i * 0x1_0001)
                .collect();
            r[idx as usize] = 1;
            let before = r.clone();
            assert!(run_pure(&op, &mut r), "{op:?} is a register op");
            let writes = op.writes(&f);
            let changed: Vec<u32> = (0..64)
                .filter(|&i| r[i as usize] != before[i as usize])
                .collect();
            assert!(!changed.is_empty(), "{op:?} changed nothing");
            for s in &changed {
                assert!(
                    writes.contains(*s),
                    "{op:?} changed slot {s}, not in {writes:?}"
                );
            }
            assert!(
                writes.iter().any(|s| changed.contains(&s)),
                "{op:?}: {writes:?}"
            );
        }
    }

    #[test]
    fn ops_stay_small() {
        // The interpreter streams through ops; keep them within three words.
        assert!(
            std::mem::size_of::<Op>() <= 24,
            "{}",
            std::mem::size_of::<Op>()
        );
    }

    #[test]
    fn scalar_sizes() {
        assert_eq!(ScalarTy::Int(1).size(), 1);
        assert_eq!(ScalarTy::Int(24).size(), 4);
        assert_eq!(ScalarTy::Ptr(AddrSpace::Local).size(), 8);
        assert_eq!(ScalarTy::Int(16).mem_ty(), MemTy::U16);
        let v = |elem, lanes| VType { elem, lanes };
        assert_eq!(v(ScalarTy::Int(16), 32).to_string(), "<32 x i16>");
        assert_eq!(v(ScalarTy::F32, 1).to_string(), "float");
        assert_eq!(v(ScalarTy::F16, 8).to_string(), "<8 x half>");
        assert_eq!(ScalarTy::F16.size(), 2);
        assert_eq!(ScalarTy::F16.mem_ty(), MemTy::U16);
        assert_eq!(
            v(ScalarTy::Ptr(AddrSpace::Local), 2).to_string(),
            "<2 x ptr addrspace(3)>"
        );
    }
}
