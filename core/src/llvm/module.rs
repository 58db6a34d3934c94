//! Lowering of a whole module: program-scope variables, kernels and their metadata.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use super::consts::{Consts, GlobalAddr};
use super::dbgtext::{DbgCallText, DeclaredLayouts, ExprOp, ModuleDbg, TypeTable, UNREADABLE_VAR};
use super::ir::{with_module, ModuleInput, ModuleRef, Opcode, TypeKind, Value, ValueKind};
use super::lower::{lower_function, KernelScope};
use super::lower::{DbgRecord, DbgValue};
use super::param_access::param_accesses;
use super::types::{self, shape_of, Shape};
use crate::bytecode::{Function, Op, ScalarTy, VType};
use crate::debuginfo::*;
use crate::memory::{encode_address, AddrSpace, GLOBAL_OFFSET_BITS, PRIVATE_OFFSET_BITS};
use crate::program::*;

/// The SPIR_KERNEL calling convention.
const SPIR_KERNEL_CC: u32 = 76;

/// What a program is lowered for, besides running it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowerOptions {
    /// Read the source-level debug information (the interactive debugger, variable names).
    pub debug: bool,
    /// Count the instructions that run (a `CountBlock` op starts every basic block).
    pub count_instructions: bool,
}

/// Lowers every kernel of a module, for what `options` asks.
///
/// A kernel that uses anything the lowering cannot handle fails the whole program, as a
/// compiler would: the error names every such kernel and where.
pub fn lower_program(
    input: ModuleInput,
    options: LowerOptions,
) -> Result<ProgramCode, ProgramError> {
    with_module(input, |m| {
        let dbg = options.debug.then(|| ModuleDbg::parse(&m.print()));
        lower_module(m, dbg.as_ref(), options.count_instructions)
    })
    .map_err(|e| ProgramError::Module(e.to_string()))?
}

fn lower_module(
    m: &ModuleRef,
    dbg: Option<&ModuleDbg>,
    count: bool,
) -> Result<ProgramCode, ProgramError> {
    let mut program_globals = HashMap::new();
    let mut defs = Vec::new();
    for g in m.globals() {
        let space = g.ty().address_space();
        if space == 1 || space == 2 {
            program_globals.insert(g, GlobalAddr::Program(defs.len() as u32));
            defs.push(g);
        }
    }
    let consts = Consts {
        m,
        globals: &program_globals,
    };
    let mut globals = Vec::new();
    for g in &defs {
        let t = g.global_value_type();
        let size = m.alloc_size(t);
        let (mut init, relocs) = match g.initializer() {
            Some(init) => consts
                .bytes(init, t)
                .map_err(|e| ProgramError::Module(format!("initializer of @{}: {e}", g.name())))?,
            None => (Vec::new(), Vec::new()),
        };
        // New buffers are zero-filled: zeros need not be kept or written.
        if relocs.is_empty() && init.iter().all(|b| *b == 0) {
            init = Vec::new();
        }
        globals.push(GlobalVarDef {
            name: g.name(),
            space: AddrSpace::from_llvm(g.ty().address_space()).expect("global or constant"),
            size,
            init,
            relocs,
        });
    }
    let declared = dbg.map(ModuleDbg::declared_layouts).unwrap_or_default();
    let mut kernels = Vec::new();
    let mut failures = Vec::new();
    for f in m.functions() {
        if f.call_conv() == SPIR_KERNEL_CC && !f.is_declaration() {
            let source = (dbg, &declared);
            match lower_kernel(m, f, &program_globals, source, count) {
                Ok(code) => kernels.push(Arc::new(code)),
                Err(e) => failures.push((f.name(), e)),
            }
        }
    }
    if !failures.is_empty() {
        return Err(ProgramError::Unsupported(failures));
    }
    Ok(ProgramCode { kernels, globals })
}

fn lower_kernel(
    m: &ModuleRef,
    k: Value,
    program_globals: &HashMap<Value, GlobalAddr>,
    (dbg, declared): (Option<&ModuleDbg>, &DeclaredLayouts),
    count: bool,
) -> Result<KernelCode, LowerError> {
    let mut info = kernel_info(m, k);
    // Functions reachable from the kernel, kernel first.
    let mut order = vec![k];
    let mut index = HashMap::from([(k, 0u32)]);
    let mut queue = VecDeque::from([k]);
    let mut used = HashSet::new();
    while let Some(f) = queue.pop_front() {
        for b in f.blocks() {
            for i in b.instructions() {
                for o in i.operands() {
                    collect_globals(o, &mut used, 0);
                }
                if i.opcode() == Opcode::LLVMCall {
                    let c = i.called_value();
                    if c.is_function() && !c.is_declaration() && !index.contains_key(&c) {
                        index.insert(c, order.len() as u32);
                        order.push(c);
                        queue.push_back(c);
                    }
                }
            }
        }
    }
    // Kernel-scope locals and private module variables used by this kernel, in module order.
    let mut globals = program_globals.clone();
    let mut locals = Vec::new();
    let mut privates = Vec::new();
    let first_private = info
        .params
        .iter()
        .filter(|p| matches!(p.kind, ParamKind::ByVal { .. }))
        .count() as u64
        + 1;
    let mut private_error = None;
    for g in m.globals().filter(|g| used.contains(g)) {
        match g.ty().address_space() {
            3 => {
                let index = locals.len() as u64 + 1;
                globals.insert(
                    g,
                    GlobalAddr::Fixed(encode_address(index, 0, GLOBAL_OFFSET_BITS)),
                );
                locals.push(LocalVar {
                    name: g.name(),
                    size: m.alloc_size(g.global_value_type()),
                    padding: types::padding(m, g.global_value_type(), declared).unwrap_or_default(),
                });
            }
            0 => {
                let index = first_private + privates.len() as u64;
                globals.insert(
                    g,
                    GlobalAddr::Fixed(encode_address(index, 0, PRIVATE_OFFSET_BITS)),
                );
                let t = g.global_value_type();
                let consts = Consts {
                    m,
                    globals: &globals,
                };
                let init = match g.initializer().map(|i| consts.bytes(i, t)) {
                    Some(Ok((bytes, relocs))) if relocs.is_empty() => bytes,
                    None => vec![0; m.alloc_size(t) as usize],
                    Some(Ok(_)) => {
                        private_error =
                            Some(format!("private variable @{} holds an address", g.name()));
                        Vec::new()
                    }
                    Some(Err(e)) => {
                        private_error = Some(format!("initializer of @{}: {e}", g.name()));
                        Vec::new()
                    }
                };
                privates.push(PrivateVar {
                    name: g.name(),
                    init,
                });
            }
            _ => {}
        }
    }
    if let Some(message) = private_error {
        return Err(LowerError {
            message,
            function: k.name(),
            ..LowerError::default()
        });
    }
    let scope = KernelScope {
        m,
        debug: dbg.is_some(),
        declared,
        globals: &globals,
        functions: &index,
        byval_kind: m.enum_attr_kind("byval"),
        count_blocks: count,
    };
    let mut functions = Vec::new();
    let mut records = Vec::new();
    let mut counted_blocks = 0;
    for &f in &order {
        let (lowered, dbg_records) = lower_function(&scope, f, counted_blocks)?;
        counted_blocks += lowered.blocks.len() as u32;
        functions.push(lowered);
        records.push(dbg_records);
    }
    let stack_slots = stack_depth(&functions, 0, &mut HashMap::new(), &mut Vec::new());
    let debug = dbg.map(|dbg| {
        let local_names: Vec<String> = m
            .globals()
            .filter(|g| used.contains(g) && g.ty().address_space() == 3)
            .map(|g| g.name())
            .collect();
        kernel_debug(dbg, &order, &records, program_globals, &local_names)
    });
    for (p, (slot, _)) in info.params.iter_mut().zip(&functions[0].params) {
        p.slot = *slot;
    }
    Ok(KernelCode {
        info,
        param_access: param_accesses(k),
        functions,
        counted_blocks,
        stack_slots,
        locals,
        privates,
        debug,
    })
}

/// Slots for the deepest chain of calls from function `f` that calls no function twice: the
/// size the work-item's registers start at. Recursive calls (which OpenCL C forbids, but clang
/// compiles and Oclgrind runs) grow them as they run.
fn stack_depth(
    functions: &[Function],
    f: u32,
    memo: &mut HashMap<u32, usize>,
    path: &mut Vec<u32>,
) -> usize {
    if let Some(d) = memo.get(&f) {
        return *d;
    }
    path.push(f);
    let func = &functions[f as usize];
    let mut deepest = 0;
    for op in &func.code {
        let Op::Call { site } = *op else { continue };
        let callee = func.calls[site as usize].func;
        if !path.contains(&callee) {
            deepest = deepest.max(stack_depth(functions, callee, memo, path));
        }
    }
    path.pop();
    let d = func.num_slots as usize + deepest;
    memo.insert(f, d);
    d
}

/// The debug information of a kernel: its functions' variables and where they live, and the
/// program- and kernel-scope variables it can see.
fn kernel_debug(
    dbg: &ModuleDbg,
    functions: &[Value],
    records: &[Vec<DbgRecord>],
    program_globals: &HashMap<Value, GlobalAddr>,
    local_names: &[String],
) -> KernelDebug {
    let mut types = TypeTable::new();
    let mut out = Vec::new();
    for (f, recs) in functions.iter().zip(records) {
        let mut fd = FunctionDebug::default();
        let mut index: HashMap<u32, u32> = HashMap::new();
        // The Nth debug call of the function text is the Nth one the lowering met.
        for (rec, call) in recs.iter().zip(dbg.calls(&f.name())) {
            if call.var == UNREADABLE_VAR {
                continue;
            }
            let var = match index.get(&call.var) {
                Some(&v) => v,
                None => {
                    let Some(v) = dbg.variable(call.var, &mut types) else {
                        continue;
                    };
                    fd.variables.push(v);
                    let n = fd.variables.len() as u32 - 1;
                    index.insert(call.var, n);
                    n
                }
            };
            fd.locations.push(VarLocation {
                pc: rec.pc,
                var,
                location: location_of(call, rec.value),
            });
        }
        // Variables the optimiser removed entirely still exist for the user: optimised out.
        for var in dbg.retained_variables(&f.name()) {
            if index.contains_key(&var) {
                continue;
            }
            if let Some(v) = dbg.variable(var, &mut types) {
                fd.variables.push(v);
                index.insert(var, fd.variables.len() as u32 - 1);
                fd.locations.push(VarLocation {
                    pc: 0,
                    var: fd.variables.len() as u32 - 1,
                    location: Location::OptimizedOut,
                });
            }
        }
        fd.locations.sort_by_key(|l| l.pc);
        out.push(fd);
    }
    let mut globals = Vec::new();
    for (g, addr) in program_globals {
        if let (GlobalAddr::Program(n), Some((name, ty, _))) =
            (addr, dbg.global(&g.name(), &mut types))
        {
            globals.push(GlobalVariable {
                name,
                ty,
                place: GlobalPlace::Program(*n),
            });
        }
    }
    globals.sort_by_key(|g| match g.place {
        GlobalPlace::Program(n) | GlobalPlace::Local(n) => n,
    });
    for (n, llvm_name) in local_names.iter().enumerate() {
        if let Some((name, ty, _)) = dbg.global(llvm_name, &mut types) {
            globals.push(GlobalVariable {
                name,
                ty,
                place: GlobalPlace::Local(n as u32),
            });
        }
    }
    KernelDebug {
        types: types.into_types(),
        functions: out,
        globals,
    }
}

/// Where a debug intrinsic puts its variable. clang marks every location with the address
/// space (`DW_OP_constu N, DW_OP_swap, DW_OP_xderef`); anything beyond the plain forms is
/// shown as optimised out.
fn location_of(call: &DbgCallText, value: Option<DbgValue>) -> Location {
    let Some(v) = value else {
        return Location::OptimizedOut;
    };
    let (space, rest) = match call.expr.as_slice() {
        [ExprOp::Constu(n), ExprOp::Swap, ExprOp::Xderef, rest @ ..] => (
            AddrSpace::from_llvm(*n as u32).unwrap_or(AddrSpace::Private),
            rest,
        ),
        rest => (AddrSpace::Private, rest),
    };
    match (call.declare, rest) {
        (true, []) | (false, [ExprOp::Deref]) => Location::Memory {
            slot: v.slot,
            space,
        },
        (false, []) | (false, [ExprOp::StackValue]) => Location::Slots {
            slot: v.slot,
            lanes: v.lanes,
            lane_bytes: v.lane_bytes,
        },
        _ => Location::OptimizedOut,
    }
}

fn collect_globals(v: Value, out: &mut HashSet<Value>, depth: u32) {
    if depth > 32 {
        return;
    }
    match v.kind() {
        ValueKind::LLVMGlobalVariableValueKind => {
            out.insert(v);
        }
        ValueKind::LLVMConstantExprValueKind
        | ValueKind::LLVMConstantVectorValueKind
        | ValueKind::LLVMConstantStructValueKind
        | ValueKind::LLVMConstantArrayValueKind => {
            for o in v.operands() {
                collect_globals(o, out, depth + 1);
            }
        }
        _ => {}
    }
}

fn md_strings(m: &ModuleRef, f: Value, name: &str) -> Vec<String> {
    m.global_metadata(f, name)
        .map(|md| {
            md.md_operands()
                .into_iter()
                .map(|o| match o.is_null() {
                    true => String::new(),
                    false => o.md_string().unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default()
}

fn md_ints(m: &ModuleRef, f: Value, name: &str) -> Option<Vec<u64>> {
    m.global_metadata(f, name).map(|md| {
        md.md_operands()
            .into_iter()
            .map(|o| if is_const_int(o) { o.const_zext() } else { 0 })
            .collect()
    })
}

/// Whether a metadata operand is an integer constant (`!{i32 1}`; not `!{null}` or a string).
fn is_const_int(o: Value) -> bool {
    !o.is_null() && o.kind() == ValueKind::LLVMConstantIntValueKind
}

fn size3(v: Option<Vec<u64>>) -> Option<[u64; 3]> {
    v.filter(|v| v.len() == 3).map(|v| [v[0], v[1], v[2]])
}

fn kernel_info(m: &ModuleRef, k: Value) -> KernelInfo {
    let spaces = md_ints(m, k, "kernel_arg_addr_space").unwrap_or_default();
    let access = md_strings(m, k, "kernel_arg_access_qual");
    let types = md_strings(m, k, "kernel_arg_type");
    let base_types = md_strings(m, k, "kernel_arg_base_type");
    let type_quals = md_strings(m, k, "kernel_arg_type_qual");
    let names = md_strings(m, k, "kernel_arg_name");
    let byval = m.enum_attr_kind("byval");
    let params = k
        .params()
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let t = p.ty();
            let (kind, size) = match t.kind() {
                TypeKind::LLVMPointerTypeKind => match k.param_type_attr(i as u32, byval) {
                    Some(bt) => {
                        let size = m.alloc_size(bt);
                        (ParamKind::ByVal { size }, size)
                    }
                    None => match t.address_space() {
                        s @ 1..=3 => (
                            ParamKind::Pointer(AddrSpace::from_llvm(s).expect("1..=3")),
                            8,
                        ),
                        s => (
                            ParamKind::Unsupported(format!("pointer to address space {s}")),
                            8,
                        ),
                    },
                },
                TypeKind::LLVMTargetExtTypeKind => match t.target_ext_name().as_str() {
                    "spirv.Image" => (ParamKind::Image, 8),
                    "spirv.Sampler" => (ParamKind::Sampler, 8),
                    other => (ParamKind::Unsupported(format!("{other} arguments")), 8),
                },
                _ => match shape_of(m, t) {
                    Ok(Shape::Val(vt)) => (ParamKind::Value(vt), m.alloc_size(t)),
                    Ok(_) => (
                        ParamKind::Unsupported("aggregate argument".into()),
                        m.alloc_size(t),
                    ),
                    Err(e) => (ParamKind::Unsupported(e.to_string()), 0),
                },
            };
            let get = |v: &Vec<String>| v.get(i).cloned().unwrap_or_default();
            KernelParam {
                name: names.get(i).cloned().unwrap_or_else(|| p.name()),
                type_name: get(&types),
                base_type_name: get(&base_types),
                address_qualifier: spaces.get(i).copied().unwrap_or(0) as u32,
                access_qualifier: get(&access),
                type_qualifier: get(&type_quals),
                kind,
                size,
                slot: 0,
            }
        })
        .collect();
    let attrs = KernelAttrs {
        uniform_work_group_size: k
            .fn_string_attr("uniform-work-group-size")
            .is_some_and(|v| v == "true"),
        reqd_work_group_size: size3(md_ints(m, k, "reqd_work_group_size")),
        work_group_size_hint: size3(md_ints(m, k, "work_group_size_hint")),
        vec_type_hint: m.global_metadata(k, "vec_type_hint").and_then(|md| {
            let ops = md.md_operands();
            let t = ops.first().filter(|o| !o.is_null())?.ty();
            let signed = ops
                .get(1)
                .is_some_and(|&s| is_const_int(s) && s.const_zext() != 0);
            opencl_type_name(m, t, signed)
        }),
    };
    KernelInfo {
        name: k.name(),
        params,
        attrs,
    }
}

/// OpenCL C spelling of a scalar or vector type (for `vec_type_hint`).
fn opencl_type_name(m: &ModuleRef, t: super::ir::Type, signed: bool) -> Option<String> {
    let vt: VType = shape_of(m, t).ok()?.vtype()?;
    let base = match vt.elem {
        ScalarTy::Int(8) => "char",
        ScalarTy::Int(16) => "short",
        ScalarTy::Int(32) => "int",
        ScalarTy::Int(64) => "long",
        ScalarTy::F16 => "half",
        ScalarTy::F32 => "float",
        ScalarTy::F64 => "double",
        _ => return None,
    };
    let prefix = if !signed && matches!(vt.elem, ScalarTy::Int(_)) {
        "u"
    } else {
        ""
    };
    let lanes = if vt.lanes > 1 {
        vt.lanes.to_string()
    } else {
        String::new()
    };
    Some(format!("{prefix}{base}{lanes}"))
}
