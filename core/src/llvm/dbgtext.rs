//! Debug information read from the printed module (`LLVMPrintModuleToString`).
//!
//! The LLVM C API cannot read most fields of the debug-info nodes (basic type encodings,
//! `dwarfAddressSpace`, composite elements, ...), and the `!N` numbers it prints for a single
//! function do not match the module's numbering, so the lowering prints the whole module once
//! and this parses its metadata, the `!dbg` attachments of its globals and the
//! `llvm.dbg.declare` / `llvm.dbg.value` calls (or `#dbg_declare` / `#dbg_value` records) of
//! each defined function.
//!
//! Malformed text never panics: whatever cannot be parsed is skipped.

use std::collections::HashMap;

use crate::debuginfo::{DbgType, Encoding, Member, TypeId, Variable};
use crate::memory::AddrSpace;

/// `DbgCallText::var` when the variable operand of a call could not be read.
pub(crate) const UNREADABLE_VAR: u32 = u32::MAX;

/// Nesting deeper than this (metadata values, type chains, scope chains) is given up on, so
/// that hostile input cannot overflow the stack or loop.
const MAX_DEPTH: u32 = 256;

/// One `llvm.dbg.declare` or `llvm.dbg.value` of a function body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DbgCallText {
    /// `dbg.declare` (the value is the variable's address), else `dbg.value`.
    pub declare: bool,
    /// `!N` of the `DILocalVariable`; `UNREADABLE_VAR` if the operand could not be read (the
    /// entry is kept so that the Nth entry stays the Nth call).
    pub var: u32,
    pub expr: Vec<ExprOp>,
}

/// An operation of a `DIExpression`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ExprOp {
    Constu(u64),
    Swap,
    Xderef,
    Deref,
    PlusUconst(u64),
    Fragment {
        offset_bits: u64,
        size_bits: u64,
    },
    StackValue,
    /// Any other operation, with its operands, as printed (`DW_OP_LLVM_convert 32 DW_ATE_signed`).
    Other(String),
}

/// The debug information of a printed module.
#[derive(Debug, Default)]
pub(crate) struct ModuleDbg {
    /// Numbered metadata nodes (`!N = ...`).
    nodes: HashMap<u32, Node>,
    /// Debug intrinsic calls of each defined function, in body order.
    calls: HashMap<String, Vec<DbgCallText>>,
    /// `!dbg` attachments of each global variable.
    globals: HashMap<String, Vec<u32>>,
    /// The `DISubprogram` of each defined function.
    subprograms: HashMap<String, u32>,
}

impl ModuleDbg {
    /// Parses the module text.
    pub fn parse(module_text: &str) -> ModuleDbg {
        let mut module = ModuleDbg::default();
        // The function whose body is being read: its name and calls so far.
        let mut body: Option<(Option<String>, Vec<DbgCallText>)> = None;
        for line in module_text.lines() {
            if let Some((_, calls)) = body.as_mut() {
                if line.trim_end() == "}" {
                    if let Some((Some(name), calls)) = body.take() {
                        module.calls.insert(name, calls);
                    }
                } else if let Some(call) = dbg_call(line) {
                    calls.push(call);
                }
                continue;
            }
            if line.starts_with("define ") {
                if line.trim_end().ends_with('{') {
                    let name = define_name(line);
                    if let (Some(name), Some(sp)) = (&name, define_subprogram(line)) {
                        module.subprograms.insert(name.clone(), sp);
                    }
                    body = Some((name, Vec::new()));
                }
            } else if line.starts_with('!') {
                if let Some((number, node)) = metadata_line(line) {
                    module.nodes.insert(number, node);
                }
            } else if let Some(rest) = line.strip_prefix('@') {
                if let Some((name, refs)) = global_line(rest) {
                    module.globals.insert(name, refs);
                }
            }
        }
        // A body the text cut off still counts.
        if let Some((Some(name), calls)) = body {
            module.calls.insert(name, calls);
        }
        module
    }

    /// The dbg.declare / dbg.value calls of a defined function, in instruction order (the Nth
    /// entry is the Nth such call in the function body).
    pub fn calls(&self, function: &str) -> &[DbgCallText] {
        self.calls.get(function).map_or(&[], Vec::as_slice)
    }

    /// The `DILocalVariable`s a function's `DISubprogram` keeps (`retainedNodes`): at `-O2`
    /// these include variables the optimiser removed entirely, which have no debug call.
    pub fn retained_variables(&self, function: &str) -> Vec<u32> {
        let Some(sp) = self
            .subprograms
            .get(function)
            .and_then(|&n| self.node_of_kind(n, "DISubprogram"))
        else {
            return Vec::new();
        };
        match sp
            .reference("retainedNodes")
            .and_then(|n| self.nodes.get(&n))
        {
            Some(Node::Tuple(items)) => items
                .iter()
                .filter_map(|v| match v {
                    Value::Ref(r) => self.node_of_kind(*r, "DILocalVariable").map(|_| *r),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A `DILocalVariable`, its type converted into `types`.
    pub fn variable(&self, var: u32, types: &mut TypeTable) -> Option<Variable> {
        let node = self.node_of_kind(var, "DILocalVariable")?;
        Some(Variable {
            name: node.string("name").unwrap_or_default().to_string(),
            ty: types.convert(&self.nodes, node.reference("type"), 0),
            arg: node.uint("arg").and_then(|a| u32::try_from(a).ok()),
            line: node
                .uint("line")
                .and_then(|l| u32::try_from(l).ok())
                .unwrap_or(0),
        })
    }

    /// The source variable of an LLVM global (`@k.tile` -> its `DIGlobalVariable` name "tile",
    /// type, and the LLVM name of the function it is scoped to, None for program scope).
    pub fn global(
        &self,
        llvm_name: &str,
        types: &mut TypeTable,
    ) -> Option<(String, TypeId, Option<String>)> {
        let var = self
            .globals
            .get(llvm_name)?
            .iter()
            .find_map(|&r| self.global_variable(r))?;
        let name = var.string("name").unwrap_or_default().to_string();
        let ty = types.convert(&self.nodes, var.reference("type"), 0);
        Some((name, ty, self.scope_function(var.reference("scope"))))
    }

    /// The bytes the source's struct and union types give their members, by type name (a
    /// typedef's name for the struct it names), as the lowering tells padding by.
    pub fn declared_layouts(&self) -> DeclaredLayouts {
        let mut layouts = DeclaredLayouts::default();
        let mut numbers: Vec<&u32> = self.nodes.keys().collect();
        numbers.sort_unstable();
        for number in numbers {
            let node = &self.nodes[number];
            let (name, composite) = match (node.kind(), node.text("tag")) {
                ("DICompositeType", _) => (node.string("name"), node),
                ("DIDerivedType", Some("DW_TAG_typedef")) => {
                    let base = node.reference("baseType").and_then(|b| self.nodes.get(&b));
                    match base.filter(|b| b.kind() == "DICompositeType") {
                        Some(b) => (node.string("name"), b),
                        None => continue,
                    }
                }
                _ => continue,
            };
            let Some(name) = name.filter(|n| !n.is_empty()) else {
                continue;
            };
            let tag = composite.text("tag");
            if !matches!(tag, Some("DW_TAG_structure_type" | "DW_TAG_union_type"))
                || composite.has_flag("DIFlagFwdDecl")
            {
                continue;
            }
            let members = elements(&self.nodes, composite)
                .into_iter()
                .filter(|m| is_data_member(m))
                .map(|m| {
                    // Bit-fields may start and end inside a byte: their bytes, rounded out.
                    let (offset, size) =
                        (m.uint("offset").unwrap_or(0), m.uint("size").unwrap_or(0));
                    (offset / 8, (offset + size).div_ceil(8))
                })
                .collect();
            let size = composite.uint("size").unwrap_or(0) / 8;
            layouts.declare(name, DeclaredLayout { size, members });
        }
        layouts
    }

    fn node_of_kind(&self, number: u32, kind: &str) -> Option<&Node> {
        self.nodes.get(&number).filter(|n| n.kind() == kind)
    }

    /// The `DIGlobalVariable` a global's `!dbg` attachment names (normally through a
    /// `DIGlobalVariableExpression`).
    fn global_variable(&self, attachment: u32) -> Option<&Node> {
        let node = self.nodes.get(&attachment)?;
        match node.kind() {
            "DIGlobalVariable" => Some(node),
            "DIGlobalVariableExpression" => {
                self.node_of_kind(node.reference("var")?, "DIGlobalVariable")
            }
            _ => None,
        }
    }

    /// Follows `scope:` links up to the enclosing function; its LLVM name (the linkage name
    /// when there is one). None when the chain reaches the compile unit.
    fn scope_function(&self, mut scope: Option<u32>) -> Option<String> {
        for _ in 0..MAX_DEPTH {
            let node = self.nodes.get(&scope?)?;
            if node.kind() == "DISubprogram" {
                let name = node.string("linkageName").or_else(|| node.string("name"))?;
                return Some(name.to_string());
            }
            scope = node.reference("scope");
        }
        None
    }
}

/// The layout of a struct or union the source declares: its size and the bytes of each member,
/// as (start, end) offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredLayout {
    pub size: u64,
    pub members: Vec<(u64, u64)>,
}

impl DeclaredLayout {
    /// Whether no member has a byte in `start..end`.
    pub fn unused(&self, start: u64, end: u64) -> bool {
        self.members.iter().all(|&(s, e)| e <= start || s >= end)
    }
}

/// The source's struct and union layouts by name; a name declared twice with different layouts
/// (structs of the same name in different scopes) has none.
#[derive(Debug, Default)]
pub struct DeclaredLayouts {
    by_name: HashMap<String, Option<DeclaredLayout>>,
}

impl DeclaredLayouts {
    fn declare(&mut self, name: &str, layout: DeclaredLayout) {
        let entry = self
            .by_name
            .entry(name.to_string())
            .or_insert(Some(layout.clone()));
        if entry.as_ref() != Some(&layout) {
            *entry = None;
        }
    }

    /// The layout of LLVM struct type `llvm_name` (`struct.Particle`, `union.U`, with a `.N`
    /// suffix where clang renamed a duplicate), if the source declares one of that name.
    pub fn of_llvm_struct(&self, llvm_name: &str) -> Option<&DeclaredLayout> {
        let name = llvm_name
            .strip_prefix("struct.")
            .or_else(|| llvm_name.strip_prefix("union."))?;
        let lookup = |n: &str| self.by_name.get(n).and_then(Option::as_ref);
        lookup(name).or_else(|| {
            let (stem, suffix) = name.rsplit_once('.')?;
            suffix
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| lookup(stem))?
        })
    }
}

/// Converts metadata type nodes to `DbgType`s once each.
#[derive(Debug, Default)]
pub(crate) struct TypeTable {
    types: Vec<DbgType>,
    /// Metadata number -> its type (qualifiers map to the type they qualify).
    ids: HashMap<u32, TypeId>,
    /// The one `Void` entry, made on first use.
    void: Option<TypeId>,
}

impl TypeTable {
    pub fn new() -> Self {
        TypeTable::default()
    }

    pub fn into_types(self) -> Vec<DbgType> {
        self.types
    }

    fn push(&mut self, ty: DbgType) -> TypeId {
        self.types.push(ty);
        (self.types.len() - 1) as TypeId
    }

    /// Gives struct node `number` a TypeId before its members are converted, so that a struct
    /// reached again through its own members (`struct S { struct S *next; }`) ends there.
    /// Only structs do this: every cycle of valid C types passes through one, and building
    /// all other types bottom-up keeps cycles of hostile input from reaching the table (the
    /// depth limit ends them instead), so walking the finished table never loops.
    fn reserve(&mut self, number: u32) -> TypeId {
        let id = self.push(DbgType::Opaque {
            name: String::new(),
        });
        self.ids.insert(number, id);
        id
    }

    fn set(&mut self, id: TypeId, ty: DbgType) {
        if let Some(slot) = self.types.get_mut(id as usize) {
            *slot = ty;
        }
    }

    /// Adds the type of node `number`, once its parts are converted.
    fn add(&mut self, number: u32, ty: DbgType) -> TypeId {
        let id = self.push(ty);
        self.ids.insert(number, id);
        id
    }

    fn void(&mut self) -> TypeId {
        match self.void {
            Some(id) => id,
            None => {
                let id = self.push(DbgType::Void);
                self.void = Some(id);
                id
            }
        }
    }

    /// The type of metadata node `number` (Void for a null or absent type).
    fn convert(&mut self, md: &HashMap<u32, Node>, number: Option<u32>, depth: u32) -> TypeId {
        let Some(number) = number else {
            return self.void();
        };
        if let Some(&id) = self.ids.get(&number) {
            return id;
        }
        let Some(node) = md.get(&number) else {
            return self.void();
        };
        if depth > MAX_DEPTH {
            return self.void();
        }
        let name = node.string("name").unwrap_or_default().to_string();
        match node.kind() {
            "DIBasicType" => self.add(number, basic_type(node, name)),
            "DIDerivedType" => self.derived(md, number, node, name, depth),
            "DICompositeType" => self.composite(md, number, node, name, depth),
            "DISubroutineType" => self.add(
                number,
                DbgType::Opaque {
                    name: "function".into(),
                },
            ),
            _ => self.add(number, DbgType::Opaque { name }),
        }
    }

    fn derived(
        &mut self,
        md: &HashMap<u32, Node>,
        number: u32,
        node: &Node,
        name: String,
        depth: u32,
    ) -> TypeId {
        let base = node.reference("baseType");
        match node.text("tag").unwrap_or_default() {
            "DW_TAG_pointer_type" => {
                let target = self.convert(md, base, depth + 1);
                let pointee = (Some(target) != self.void).then_some(target);
                let space = node
                    .uint("dwarfAddressSpace")
                    .and_then(|n| u32::try_from(n).ok())
                    .and_then(AddrSpace::from_llvm)
                    .unwrap_or(AddrSpace::Private);
                self.add(number, DbgType::Pointer { pointee, space })
            }
            "DW_TAG_typedef" => {
                let base = self.convert(md, base, depth + 1);
                self.add(number, DbgType::Typedef { name, base })
            }
            // The debugger shows values, not qualifiers; a member asked for as a type
            // (never in valid input) is its type too.
            "DW_TAG_const_type"
            | "DW_TAG_volatile_type"
            | "DW_TAG_restrict_type"
            | "DW_TAG_atomic_type"
            | "DW_TAG_member" => {
                let id = self.convert(md, base, depth + 1);
                self.ids.insert(number, id);
                id
            }
            _ => self.add(number, DbgType::Opaque { name }),
        }
    }

    fn composite(
        &mut self,
        md: &HashMap<u32, Node>,
        number: u32,
        node: &Node,
        name: String,
        depth: u32,
    ) -> TypeId {
        // Forward declarations have no members to show: OpenCL's image, sampler and event
        // types are declared-only structs (`opencl_image2d_ro_t`).
        if node.has_flag("DIFlagFwdDecl") {
            return self.add(number, DbgType::Opaque { name });
        }
        let size_bytes = node.uint("size").unwrap_or(0) / 8;
        match node.text("tag").unwrap_or_default() {
            "DW_TAG_structure_type" | "DW_TAG_class_type" | "DW_TAG_union_type" => {
                let id = self.reserve(number);
                let is_union = node.text("tag") == Some("DW_TAG_union_type");
                let members = elements(md, node)
                    .into_iter()
                    .filter(|m| is_data_member(m))
                    .map(|m| Member {
                        name: m.string("name").unwrap_or_default().to_string(),
                        ty: self.convert(md, m.reference("baseType"), depth + 1),
                        offset: m.uint("offset").unwrap_or(0) / 8,
                    })
                    .collect();
                let ty = DbgType::Struct {
                    name,
                    size: size_bytes,
                    members,
                    is_union,
                };
                self.set(id, ty);
                id
            }
            "DW_TAG_array_type" if node.has_flag("DIFlagVector") => {
                let elem = self.convert(md, node.reference("baseType"), depth + 1);
                let count = subrange_counts(md, node).first().copied().unwrap_or(0);
                let count = u32::try_from(count).unwrap_or(0);
                self.add(number, DbgType::Vector { elem, count })
            }
            "DW_TAG_array_type" => {
                let counts = subrange_counts(md, node);
                let mut elem = self.convert(md, node.reference("baseType"), depth + 1);
                // Inner dimensions become nested arrays, innermost first; the node itself is
                // the outermost dimension.
                for &count in counts.iter().skip(1).rev() {
                    elem = self.push(DbgType::Array { elem, count });
                }
                let count = counts.first().copied().unwrap_or(0);
                self.add(number, DbgType::Array { elem, count })
            }
            "DW_TAG_enumeration_type" => {
                let values = elements(md, node)
                    .into_iter()
                    .filter(|e| e.kind() == "DIEnumerator")
                    .map(|e| {
                        let name = e.string("name").unwrap_or_default().to_string();
                        (name, e.int("value").unwrap_or(0))
                    })
                    .collect();
                let ty = DbgType::Enum {
                    name,
                    size: u32::try_from(size_bytes).unwrap_or(0),
                    values,
                };
                self.add(number, ty)
            }
            _ => self.add(number, DbgType::Opaque { name }),
        }
    }
}

fn basic_type(node: &Node, name: String) -> DbgType {
    let encoding = match node.text("encoding").unwrap_or_default() {
        "DW_ATE_signed" => Encoding::Signed,
        "DW_ATE_unsigned" => Encoding::Unsigned,
        "DW_ATE_float" => Encoding::Float,
        "DW_ATE_boolean" => Encoding::Bool,
        "DW_ATE_signed_char" => Encoding::SignedChar,
        "DW_ATE_unsigned_char" => Encoding::UnsignedChar,
        // Complex, decimal, UTF, `decltype(nullptr)`...: nothing the debugger can print.
        _ => return DbgType::Opaque { name },
    };
    let size = node.uint("size").unwrap_or(0) / 8;
    DbgType::Base {
        name,
        size: u32::try_from(size).unwrap_or(0),
        encoding,
    }
}

/// Members that take room in each value (not methods, not static members).
fn is_data_member(node: &Node) -> bool {
    node.kind() == "DIDerivedType"
        && node.text("tag") == Some("DW_TAG_member")
        && !node.has_flag("DIFlagStaticMember")
}

/// The nodes of a composite's `elements:` tuple.
fn elements<'m>(md: &'m HashMap<u32, Node>, node: &Node) -> Vec<&'m Node> {
    let Some(Node::Tuple(items)) = node.reference("elements").and_then(|r| md.get(&r)) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|v| match v {
            Value::Ref(r) => md.get(r),
            _ => None,
        })
        .collect()
}

/// The `count:` of each `DISubrange` of an array, outermost first (0 when unknown).
fn subrange_counts(md: &HashMap<u32, Node>, node: &Node) -> Vec<u64> {
    elements(md, node)
        .into_iter()
        .filter(|s| s.kind() == "DISubrange")
        .map(|s| {
            s.int("count")
                .and_then(|c| u64::try_from(c).ok())
                .unwrap_or(0)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Lines of the module

/// `!N = [distinct] !DIKind(...)` or `!N = !{...}`; None for named metadata and anything
/// unreadable.
fn metadata_line(line: &str) -> Option<(u32, Node)> {
    let (number, rhs) = line.strip_prefix('!')?.split_once('=')?;
    let number = number.trim().parse().ok()?;
    let rhs = rhs.trim_start();
    let rhs = rhs.strip_prefix("distinct ").unwrap_or(rhs);
    let tokens = lex(rhs);
    match Parser::new(&tokens).value(0)? {
        Value::Node(node) => Some((number, node)),
        _ => None,
    }
}

/// The function name of a `define` line.
fn define_name(line: &str) -> Option<String> {
    let at = line.find('@')?;
    Some(global_name(&line[at + 1..])?.0)
}

/// The `!dbg !N` attachment of a `define` line.
fn define_subprogram(line: &str) -> Option<u32> {
    let at = line.find('@')?;
    global_line(&line[at + 1..])?.1.first().copied()
}

/// `name = ... , !dbg !N` after the `@` of a global: its name and `!dbg` attachments.
fn global_line(rest: &str) -> Option<(String, Vec<u32>)> {
    let (name, after) = global_name(rest)?;
    let tokens = lex(after);
    let refs = tokens
        .windows(2)
        .filter_map(|pair| match pair {
            [Tok::Kind(k), Tok::Ref(r)] if k == "dbg" => Some(*r),
            _ => None,
        })
        .collect();
    Some((name, refs))
}

/// An LLVM global name after its `@`: `name` or `"quoted \22name"`; the name and the rest.
fn global_name(text: &str) -> Option<(String, &str)> {
    if let Some(quoted) = text.strip_prefix('"') {
        let (name, used) = read_string(quoted.as_bytes());
        return Some((name, quoted.get(used..).unwrap_or("")));
    }
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || "-$._".contains(c)))
        .unwrap_or(text.len());
    if end == 0 {
        return None;
    }
    Some((text[..end].to_string(), &text[end..]))
}

/// A `dbg.declare` / `dbg.value` call or record of a function body; None for other lines.
fn dbg_call(line: &str) -> Option<DbgCallText> {
    let text = line.trim_start();
    let (declare, args) = if let Some(rest) = text.strip_prefix("#dbg_declare(") {
        (true, rest)
    } else if let Some(rest) = text.strip_prefix("#dbg_value(") {
        (false, rest)
    } else if let Some(at) = text.find("@llvm.dbg.declare(") {
        (true, &text[at + "@llvm.dbg.declare(".len()..])
    } else if let Some(at) = text.find("@llvm.dbg.value(") {
        (false, &text[at + "@llvm.dbg.value(".len()..])
    } else {
        return None;
    };
    // (value, variable, expression[, location]); calls prefix each with `metadata`.
    let args = split_arguments(args);
    let operand = |i: usize| {
        let arg = args.get(i).map_or("", |a| a.trim());
        arg.strip_prefix("metadata ").unwrap_or(arg)
    };
    Some(DbgCallText {
        declare,
        var: variable_operand(operand(1)).unwrap_or(UNREADABLE_VAR),
        expr: expression_operand(operand(2)),
    })
}

/// Splits the arguments of a call at its top-level commas, up to its closing parenthesis
/// (`text` starts after the opening one).
fn split_arguments(text: &str) -> Vec<&str> {
    let mut args = Vec::new();
    let mut depth = 0u32;
    let mut start = 0;
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' if depth > 0 => depth -= 1,
            ')' => {
                args.push(&text[start..i]);
                return args;
            }
            ',' if depth == 0 => {
                args.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(&text[start..]);
    args
}

fn variable_operand(text: &str) -> Option<u32> {
    match lex(text).as_slice() {
        [Tok::Ref(r)] => Some(*r),
        _ => None,
    }
}

/// The operations of an inline `!DIExpression(...)` (LLVM always prints them inline).
fn expression_operand(text: &str) -> Vec<ExprOp> {
    let tokens = lex(text);
    let Some(Value::Node(node)) = Parser::new(&tokens).value(0) else {
        return Vec::new();
    };
    if node.kind() != "DIExpression" {
        return Vec::new();
    }
    let Node::Spec { fields, .. } = &node else {
        return Vec::new();
    };
    let words: Vec<&str> = fields
        .iter()
        .filter_map(|(_, v)| match v {
            Value::Words(w) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    expression_ops(&words)
}

/// Groups each `DW_OP_*` with the operands that follow it.
fn expression_ops(words: &[&str]) -> Vec<ExprOp> {
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for &word in words {
        match groups.last_mut() {
            Some(group) if !word.starts_with("DW_OP_") => group.push(word),
            _ => groups.push(vec![word]),
        }
    }
    groups.iter().map(|g| expression_op(g)).collect()
}

fn expression_op(group: &[&str]) -> ExprOp {
    let number = |s: &str| s.parse::<u64>().ok();
    let op = match group {
        ["DW_OP_constu", n] => number(n).map(ExprOp::Constu),
        ["DW_OP_swap"] => Some(ExprOp::Swap),
        ["DW_OP_xderef"] => Some(ExprOp::Xderef),
        ["DW_OP_deref"] => Some(ExprOp::Deref),
        ["DW_OP_plus_uconst", n] => number(n).map(ExprOp::PlusUconst),
        ["DW_OP_LLVM_fragment", offset, size] => match (number(offset), number(size)) {
            (Some(offset_bits), Some(size_bits)) => Some(ExprOp::Fragment {
                offset_bits,
                size_bits,
            }),
            _ => None,
        },
        ["DW_OP_stack_value"] => Some(ExprOp::StackValue),
        _ => None,
    };
    op.unwrap_or_else(|| ExprOp::Other(group.join(" ")))
}

// ---------------------------------------------------------------------------------------------
// Metadata syntax

/// A metadata node: `!DIKind(field: value, ...)` (positional operands, as in `DIExpression`,
/// have an empty field name) or a tuple `!{...}`.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    Spec {
        kind: String,
        fields: Vec<(String, Value)>,
    },
    Tuple(Vec<Value>),
}

/// A metadata operand.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    /// `!42`
    Ref(u32),
    Null,
    /// `"..."` or `!"..."`, unescaped.
    Str(String),
    /// Anything else, its words joined by single spaces: `32`, `DW_TAG_member`,
    /// `DIFlagPrototyped | DIFlagVector`, `i32 7`.
    Words(String),
    /// An inline node (`!DIExpression(...)`).
    Node(Node),
}

impl Node {
    fn kind(&self) -> &str {
        match self {
            Node::Spec { kind, .. } => kind,
            Node::Tuple(_) => "",
        }
    }

    fn field(&self, name: &str) -> Option<&Value> {
        match self {
            Node::Spec { fields, .. } => fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            Node::Tuple(_) => None,
        }
    }

    fn string(&self, name: &str) -> Option<&str> {
        match self.field(name)? {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    fn text(&self, name: &str) -> Option<&str> {
        match self.field(name)? {
            Value::Words(w) => Some(w),
            _ => None,
        }
    }

    /// A referenced node; None for `null` and absent fields.
    fn reference(&self, name: &str) -> Option<u32> {
        match self.field(name)? {
            Value::Ref(r) => Some(*r),
            _ => None,
        }
    }

    /// A signed number; unsigned ones above `i64::MAX` (`isUnsigned: true` enumerators) wrap.
    fn int(&self, name: &str) -> Option<i64> {
        let text = self.text(name)?;
        text.parse::<i64>()
            .ok()
            .or_else(|| text.parse::<u64>().ok().map(|u| u as i64))
    }

    fn uint(&self, name: &str) -> Option<u64> {
        self.text(name)?.parse().ok()
    }

    /// Whether `flags:` (`DIFlagA | DIFlagB`) includes `flag`.
    fn has_flag(&self, flag: &str) -> bool {
        self.text("flags")
            .is_some_and(|f| f.split('|').any(|f| f.trim() == flag))
    }
}

/// A token of metadata syntax.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// `!42`
    Ref(u32),
    /// `!DIBasicType`, `!dbg`: a node kind or attachment name.
    Kind(String),
    /// `!{`
    TupleOpen,
    /// `"..."` or `!"..."`, unescaped.
    Str(String),
    Punct(char),
    /// Identifiers, numbers, types, `%values`...
    Word(String),
}

const PUNCTUATION: &[u8] = b"(){}[]<>,:|=*";

fn lex(text: &str) -> Vec<Tok> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii_whitespace() {
            i += 1;
        } else if b == b'!' {
            i = lex_bang(text, i + 1, &mut tokens);
        } else if b == b'"' {
            let (s, used) = read_string(&bytes[i + 1..]);
            tokens.push(Tok::Str(s));
            i += 1 + used;
        } else if PUNCTUATION.contains(&b) {
            tokens.push(Tok::Punct(b as char));
            i += 1;
        } else {
            let end = word_end(bytes, i);
            tokens.push(Tok::Word(text[i..end].to_string()));
            i = end;
        }
    }
    tokens
}

/// Lexes what follows a `!` at `i`; returns where lexing continues.
fn lex_bang(text: &str, i: usize, tokens: &mut Vec<Tok>) -> usize {
    let bytes = text.as_bytes();
    match bytes.get(i) {
        Some(b'"') => {
            let (s, used) = read_string(&bytes[i + 1..]);
            tokens.push(Tok::Str(s));
            i + 1 + used
        }
        Some(b'{') => {
            tokens.push(Tok::TupleOpen);
            i + 1
        }
        Some(b) if b.is_ascii_digit() => {
            let end = word_end(bytes, i);
            match text[i..end].parse() {
                Ok(n) => tokens.push(Tok::Ref(n)),
                Err(_) => tokens.push(Tok::Word(text[i..end].to_string())),
            }
            end
        }
        Some(b) if b.is_ascii_alphabetic() || b"._$-".contains(b) => {
            let end = word_end(bytes, i);
            tokens.push(Tok::Kind(text[i..end].to_string()));
            end
        }
        _ => {
            tokens.push(Tok::Punct('!'));
            i
        }
    }
}

/// The end of the word starting at `start` (always past `start`). Words end at ASCII bytes
/// only, so the result is a char boundary.
fn word_end(bytes: &[u8], start: usize) -> usize {
    let mut end = start + 1;
    while let Some(&b) = bytes.get(end) {
        if b.is_ascii_whitespace() || PUNCTUATION.contains(&b) || b == b'"' || b == b'!' {
            break;
        }
        end += 1;
    }
    end.min(bytes.len())
}

/// Reads a string whose opening quote is already consumed, undoing LLVM's escapes (`\22`,
/// `\\`); returns it and the bytes used including the closing quote.
fn read_string(bytes: &[u8]) -> (String, usize) {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'"' => return (String::from_utf8_lossy(&out).into_owned(), i + 1),
            b'\\' => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| {
                    std::str::from_utf8(h)
                        .ok()
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                });
                if let Some(byte) = hex {
                    out.push(byte);
                    i += 3;
                } else if bytes.get(i + 1) == Some(&b'\\') {
                    out.push(b'\\');
                    i += 2;
                } else {
                    out.push(b);
                    i += 1;
                }
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    (String::from_utf8_lossy(&out).into_owned(), bytes.len())
}

/// Recursive descent over the tokens of one metadata value.
struct Parser<'t> {
    tokens: &'t [Tok],
    pos: usize,
}

impl<'t> Parser<'t> {
    fn new(tokens: &'t [Tok]) -> Self {
        Parser { tokens, pos: 0 }
    }

    fn peek(&self) -> Option<&'t Tok> {
        self.tokens.get(self.pos)
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(&Tok::Punct(c));
        if found {
            self.pos += 1;
        }
        found
    }

    fn value(&mut self, depth: u32) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        match self.peek()? {
            Tok::Ref(r) => {
                self.pos += 1;
                Some(Value::Ref(*r))
            }
            Tok::Str(s) => {
                self.pos += 1;
                Some(Value::Str(s.clone()))
            }
            Tok::Kind(kind) => {
                self.pos += 1;
                if !self.eat('(') {
                    return Some(Value::Words(kind.clone()));
                }
                let fields = self.operands(')', depth)?;
                Some(Value::Node(Node::Spec {
                    kind: kind.clone(),
                    fields,
                }))
            }
            Tok::TupleOpen => {
                self.pos += 1;
                let items = self.operands('}', depth)?;
                Some(Value::Node(Node::Tuple(
                    items.into_iter().map(|(_, v)| v).collect(),
                )))
            }
            _ => Some(self.words()),
        }
    }

    /// `[name:] value, ...` up to `close`.
    fn operands(&mut self, close: char, depth: u32) -> Option<Vec<(String, Value)>> {
        let mut operands = Vec::new();
        if self.eat(close) {
            return Some(operands);
        }
        loop {
            let name = match (self.peek(), self.tokens.get(self.pos + 1)) {
                (Some(Tok::Word(w)), Some(Tok::Punct(':'))) => {
                    self.pos += 2;
                    w.clone()
                }
                _ => String::new(),
            };
            operands.push((name, self.value(depth + 1)?));
            if self.eat(',') {
                continue;
            }
            if self.eat(close) {
                return Some(operands);
            }
            return None;
        }
    }

    /// A run of plain tokens up to the next top-level `,`, `)` or `}`; its words joined.
    fn words(&mut self) -> Value {
        let mut words: Vec<&str> = Vec::new();
        let mut nesting = 0u32;
        while let Some(tok) = self.peek() {
            match tok {
                Tok::Punct(',' | ')' | '}') if nesting == 0 => break,
                Tok::Punct('(' | '[' | '<' | '{') | Tok::TupleOpen => nesting += 1,
                Tok::Punct(')' | ']' | '>' | '}') => nesting = nesting.saturating_sub(1),
                Tok::Punct('|') => words.push("|"),
                Tok::Word(w) => words.push(w),
                _ => {}
            }
            self.pos += 1;
        }
        match words.as_slice() {
            ["null"] => Value::Null,
            _ => Value::Words(words.join(" ")),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The samples are real clang-19 output (`-x cl -target spir64-unknown-unknown -emit-llvm
    //! -g -fstandalone-debug -fno-discard-value-names -cl-kernel-arg-info`, printed by
    //! llvm-dis-19, with or without `--write-experimental-debuginfo=false`), trimmed: the
    //! `DILocation`s, attributes, module flags and most non-debug instructions are left out.

    use super::*;
    use crate::debuginfo::KernelDebug;

    /// `types.cl` at -O0 (debug records, only the `#dbg_declare`s of the body kept):
    /// ```c
    /// typedef struct Node { int val; struct Node *next; } Node;
    /// typedef union U { int i; float f; } U;
    /// enum Color { RED, GREEN = 5, BLUE = -2 };
    /// struct Inner { float m[2][3]; char c; };
    /// struct Outer { struct Inner in; int arr[4]; struct { short s; } anon; union { int ui; float uf; }; };
    /// kernel void types_k(global int *g, constant float *c, local uint *l, global float4 *v4,
    ///                     read_only image2d_t img, sampler_t smp)
    /// {
    ///   char a = 1; uchar b = 2; short s = 3; ushort us = 4; int i = 5; uint ui = 6;
    ///   long lo = 7; ulong ulo = 8; float f = 9.0f; bool bo = true; signed char sc = 1; unsigned char uc = 2;
    ///   half *hp = 0; int3 i3 = (int3)(1,2,3); float4 f4 = (float4)(1.0f); private int *pp = &i;
    ///   Node n; ... U u; ... enum Color col = GREEN; struct Outer o; ... int md[2][3][4]; ...
    ///   event_t ev; volatile const int vc = 4; void *vp = 0; ...
    /// }
    /// ```
    const TYPES_O0: &str = r##"
define dso_local spir_kernel void @types_k(ptr addrspace(1) noundef align 4 %g, ptr addrspace(2) noundef align 4 %c, ptr addrspace(3) noundef align 4 %l, ptr addrspace(1) noundef align 16 %v4, target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %smp) #0 !dbg !22 !kernel_arg_addr_space !37 !kernel_arg_access_qual !38 !kernel_arg_type !39 !kernel_arg_base_type !40 !kernel_arg_type_qual !41 !kernel_arg_name !42 {
    #dbg_declare(ptr %g.addr, !43, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !44)
    #dbg_declare(ptr %c.addr, !45, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !46)
    #dbg_declare(ptr %l.addr, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !48)
    #dbg_declare(ptr %v4.addr, !49, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !50)
    #dbg_declare(ptr %img.addr, !51, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !52)
    #dbg_declare(ptr %smp.addr, !53, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !54)
    #dbg_declare(ptr %a, !55, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !57)
    #dbg_declare(ptr %b, !58, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !61)
    #dbg_declare(ptr %s, !62, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !64)
    #dbg_declare(ptr %us, !65, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !68)
    #dbg_declare(ptr %i, !69, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !70)
    #dbg_declare(ptr %ui, !71, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !72)
    #dbg_declare(ptr %lo, !73, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !75)
    #dbg_declare(ptr %ulo, !76, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !79)
    #dbg_declare(ptr %f, !80, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !81)
    #dbg_declare(ptr %bo, !82, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !84)
    #dbg_declare(ptr %sc, !85, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !87)
    #dbg_declare(ptr %uc, !88, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !89)
    #dbg_declare(ptr %hp, !90, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !93)
    #dbg_declare(ptr %i3, !94, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_declare(ptr %f4, !101, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !102)
    #dbg_declare(ptr %pp, !103, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !105)
    #dbg_declare(ptr %n, !106, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !113)
    #dbg_declare(ptr %u, !118, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !124)
    #dbg_declare(ptr %col, !126, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !127)
    #dbg_declare(ptr %o, !128, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !150)
    #dbg_declare(ptr %md, !154, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !157)
    #dbg_declare(ptr %ev, !160, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !164)
    #dbg_declare(ptr %vc, !165, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !168)
    #dbg_declare(ptr %vp, !169, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !171)
  ret void, !dbg !220
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, retainedTypes: !9, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "types.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "b9d4eed1c4f23233aa4f5f6dcac114e1")
!2 = !{!3}
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "Color", file: !1, line: 3, baseType: !4, size: 32, elements: !5)
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !{!6, !7, !8}
!6 = !DIEnumerator(name: "RED", value: 0)
!7 = !DIEnumerator(name: "GREEN", value: 5)
!8 = !DIEnumerator(name: "BLUE", value: -2)
!9 = !{!10}
!10 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !11, line: 209, baseType: !12)
!11 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!12 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 128, flags: DIFlagVector, elements: !14)
!13 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!14 = !{!15}
!15 = !DISubrange(count: 4)
!22 = distinct !DISubprogram(name: "types_k", scope: !1, file: !1, line: 7, type: !23, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !36)
!23 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !24)
!24 = !{null, !25, !26, !27, !30, !31, !33}
!25 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 1)
!26 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64, dwarfAddressSpace: 2)
!27 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !28, size: 64, dwarfAddressSpace: 3)
!28 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !11, line: 129, baseType: !29)
!29 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, dwarfAddressSpace: 1)
!31 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !32, size: 64)
!32 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_image2d_ro_t", file: !1, flags: DIFlagFwdDecl)
!33 = !DIDerivedType(tag: DW_TAG_typedef, name: "sampler_t", file: !1, baseType: !34)
!34 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !35, size: 64)
!35 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_sampler_t", file: !1, flags: DIFlagFwdDecl)
!36 = !{}
!43 = !DILocalVariable(name: "g", arg: 1, scope: !22, file: !1, line: 7, type: !25)
!45 = !DILocalVariable(name: "c", arg: 2, scope: !22, file: !1, line: 7, type: !26)
!47 = !DILocalVariable(name: "l", arg: 3, scope: !22, file: !1, line: 7, type: !27)
!49 = !DILocalVariable(name: "v4", arg: 4, scope: !22, file: !1, line: 7, type: !30)
!51 = !DILocalVariable(name: "img", arg: 5, scope: !22, file: !1, line: 8, type: !31)
!53 = !DILocalVariable(name: "smp", arg: 6, scope: !22, file: !1, line: 8, type: !33)
!55 = !DILocalVariable(name: "a", scope: !22, file: !1, line: 10, type: !56)
!56 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!58 = !DILocalVariable(name: "b", scope: !22, file: !1, line: 10, type: !59)
!59 = !DIDerivedType(tag: DW_TAG_typedef, name: "uchar", file: !11, line: 119, baseType: !60)
!60 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!62 = !DILocalVariable(name: "s", scope: !22, file: !1, line: 10, type: !63)
!63 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!65 = !DILocalVariable(name: "us", scope: !22, file: !1, line: 10, type: !66)
!66 = !DIDerivedType(tag: DW_TAG_typedef, name: "ushort", file: !11, line: 124, baseType: !67)
!67 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!69 = !DILocalVariable(name: "i", scope: !22, file: !1, line: 10, type: !4)
!71 = !DILocalVariable(name: "ui", scope: !22, file: !1, line: 10, type: !28)
!73 = !DILocalVariable(name: "lo", scope: !22, file: !1, line: 11, type: !74)
!74 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!76 = !DILocalVariable(name: "ulo", scope: !22, file: !1, line: 11, type: !77)
!77 = !DIDerivedType(tag: DW_TAG_typedef, name: "ulong", file: !11, line: 134, baseType: !78)
!78 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!80 = !DILocalVariable(name: "f", scope: !22, file: !1, line: 11, type: !13)
!82 = !DILocalVariable(name: "bo", scope: !22, file: !1, line: 11, type: !83)
!83 = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
!85 = !DILocalVariable(name: "sc", scope: !22, file: !1, line: 11, type: !86)
!86 = !DIBasicType(name: "signed char", size: 8, encoding: DW_ATE_signed_char)
!88 = !DILocalVariable(name: "uc", scope: !22, file: !1, line: 11, type: !60)
!90 = !DILocalVariable(name: "hp", scope: !22, file: !1, line: 12, type: !91)
!91 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !92, size: 64, dwarfAddressSpace: 0)
!92 = !DIBasicType(name: "half", size: 16, encoding: DW_ATE_float)
!94 = !DILocalVariable(name: "i3", scope: !22, file: !1, line: 13, type: !95)
!95 = !DIDerivedType(tag: DW_TAG_typedef, name: "int3", file: !11, line: 188, baseType: !96)
!96 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 128, flags: DIFlagVector, elements: !97)
!97 = !{!98}
!98 = !DISubrange(count: 3)
!101 = !DILocalVariable(name: "f4", scope: !22, file: !1, line: 14, type: !10)
!103 = !DILocalVariable(name: "pp", scope: !22, file: !1, line: 15, type: !104)
!104 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 0)
!106 = !DILocalVariable(name: "n", scope: !22, file: !1, line: 16, type: !107)
!107 = !DIDerivedType(tag: DW_TAG_typedef, name: "Node", file: !1, line: 1, baseType: !108)
!108 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Node", file: !1, line: 1, size: 128, elements: !109)
!109 = !{!110, !111}
!110 = !DIDerivedType(tag: DW_TAG_member, name: "val", scope: !108, file: !1, line: 1, baseType: !4, size: 32)
!111 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !108, file: !1, line: 1, baseType: !112, size: 64, offset: 64)
!112 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !108, size: 64, dwarfAddressSpace: 0)
!118 = !DILocalVariable(name: "u", scope: !22, file: !1, line: 17, type: !119)
!119 = !DIDerivedType(tag: DW_TAG_typedef, name: "U", file: !1, line: 2, baseType: !120)
!120 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "U", file: !1, line: 2, size: 32, elements: !121)
!121 = !{!122, !123}
!122 = !DIDerivedType(tag: DW_TAG_member, name: "i", scope: !120, file: !1, line: 2, baseType: !4, size: 32)
!123 = !DIDerivedType(tag: DW_TAG_member, name: "f", scope: !120, file: !1, line: 2, baseType: !13, size: 32)
!126 = !DILocalVariable(name: "col", scope: !22, file: !1, line: 18, type: !3)
!128 = !DILocalVariable(name: "o", scope: !22, file: !1, line: 19, type: !129)
!129 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Outer", file: !1, line: 5, size: 416, elements: !130)
!130 = !{!131, !139, !141, !145}
!131 = !DIDerivedType(tag: DW_TAG_member, name: "in", scope: !129, file: !1, line: 5, baseType: !132, size: 224)
!132 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Inner", file: !1, line: 4, size: 224, elements: !133)
!133 = !{!134, !138}
!134 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !132, file: !1, line: 4, baseType: !135, size: 192)
!135 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 192, elements: !136)
!136 = !{!137, !98}
!137 = !DISubrange(count: 2)
!138 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !132, file: !1, line: 4, baseType: !56, size: 8, offset: 192)
!139 = !DIDerivedType(tag: DW_TAG_member, name: "arr", scope: !129, file: !1, line: 5, baseType: !140, size: 128, offset: 224)
!140 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 128, elements: !14)
!141 = !DIDerivedType(tag: DW_TAG_member, name: "anon", scope: !129, file: !1, line: 5, baseType: !142, size: 16, offset: 352)
!142 = distinct !DICompositeType(tag: DW_TAG_structure_type, scope: !129, file: !1, line: 5, size: 16, elements: !143)
!143 = !{!144}
!144 = !DIDerivedType(tag: DW_TAG_member, name: "s", scope: !142, file: !1, line: 5, baseType: !63, size: 16)
!145 = !DIDerivedType(tag: DW_TAG_member, scope: !129, file: !1, line: 5, baseType: !146, size: 32, offset: 384)
!146 = distinct !DICompositeType(tag: DW_TAG_union_type, scope: !129, file: !1, line: 5, size: 32, elements: !147)
!147 = !{!148, !149}
!148 = !DIDerivedType(tag: DW_TAG_member, name: "ui", scope: !146, file: !1, line: 5, baseType: !4, size: 32)
!149 = !DIDerivedType(tag: DW_TAG_member, name: "uf", scope: !146, file: !1, line: 5, baseType: !13, size: 32)
!154 = !DILocalVariable(name: "md", scope: !22, file: !1, line: 20, type: !155)
!155 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 768, elements: !156)
!156 = !{!137, !98, !15}
!160 = !DILocalVariable(name: "ev", scope: !22, file: !1, line: 21, type: !161)
!161 = !DIDerivedType(tag: DW_TAG_typedef, name: "event_t", file: !1, baseType: !162)
!162 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !163, size: 64)
!163 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_event_t", file: !1, flags: DIFlagFwdDecl)
!165 = !DILocalVariable(name: "vc", scope: !22, file: !1, line: 22, type: !166)
!166 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !167)
!167 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !4)
!169 = !DILocalVariable(name: "vp", scope: !22, file: !1, line: 23, type: !170)
!170 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 0)
"##;

    /// `kernel void gen_k(global int *out) { int x = 1; int *p = &x; out[0] = *p; }`,
    /// `-cl-std=CL2.0` (so `p` is a generic pointer), -O0.
    const GENERIC_O0: &str = r##"
define dso_local spir_kernel void @gen_k(ptr addrspace(1) noundef align 4 %out) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_declare(ptr %out.addr, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_declare(ptr %x, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !21)
    #dbg_declare(ptr %p, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "gen.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "80755e151dace98874e8aa9cab8e16b4")
!8 = distinct !DISubprogram(name: "gen_k", scope: !1, file: !1, line: 1, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!18 = !DILocalVariable(name: "out", arg: 1, scope: !8, file: !1, line: 1, type: !11)
!20 = !DILocalVariable(name: "x", scope: !8, file: !1, line: 3, type: !12)
!22 = !DILocalVariable(name: "p", scope: !8, file: !1, line: 4, type: !23)
!23 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 4)
"##;

    /// `locals.cl` at -O0, intrinsic calls:
    /// ```c
    /// kernel void tiled(global float *out, global const float *in)
    /// {
    ///   local float tile[16];
    ///   local int counts[4][2];
    ///   int lid = get_local_id(0);
    ///   ...
    /// }
    /// ```
    const LOCALS_O0: &str = r##"
@tiled.tile = internal addrspace(3) global [16 x float] undef, align 4, !dbg !0
@tiled.counts = internal addrspace(3) global [4 x [2 x i32]] undef, align 4, !dbg !12
define dso_local spir_kernel void @tiled(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %in) #0 !dbg !2 !kernel_arg_addr_space !29 !kernel_arg_access_qual !30 !kernel_arg_type !31 !kernel_arg_base_type !31 !kernel_arg_type_qual !32 !kernel_arg_name !33 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %in.addr = alloca ptr addrspace(1), align 8
  %lid = alloca i32, align 4
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  tail call void @llvm.dbg.declare(metadata ptr %out.addr, metadata !34, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  store ptr addrspace(1) %in, ptr %in.addr, align 8
  tail call void @llvm.dbg.declare(metadata ptr %in.addr, metadata !36, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !37
  tail call void @llvm.dbg.declare(metadata ptr %lid, metadata !38, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !39
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !40
  %conv = trunc i64 %call to i32, !dbg !40
  store i32 %conv, ptr %lid, align 4, !dbg !39
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !41
  %call1 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !42
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call1, !dbg !41
  %1 = load float, ptr addrspace(1) %arrayidx, align 4, !dbg !41
  %2 = load i32, ptr %lid, align 4, !dbg !43
  %idxprom = sext i32 %2 to i64, !dbg !44
  %arrayidx2 = getelementptr inbounds [16 x float], ptr addrspace(3) @tiled.tile, i64 0, i64 %idxprom, !dbg !44
  store float %1, ptr addrspace(3) %arrayidx2, align 4, !dbg !45
  %3 = load i32, ptr %lid, align 4, !dbg !46
  %4 = load i32, ptr %lid, align 4, !dbg !47
  %and = and i32 %4, 3, !dbg !48
  %idxprom3 = sext i32 %and to i64, !dbg !49
  %arrayidx4 = getelementptr inbounds [4 x [2 x i32]], ptr addrspace(3) @tiled.counts, i64 0, i64 %idxprom3, !dbg !49
  %arrayidx5 = getelementptr inbounds [2 x i32], ptr addrspace(3) %arrayidx4, i64 0, i64 0, !dbg !49
  store i32 %3, ptr addrspace(3) %arrayidx5, align 4, !dbg !50
  call spir_func void @_Z7barrierj(i32 noundef 1) #5, !dbg !51
  %5 = load i32, ptr %lid, align 4, !dbg !52
  %sub = sub nsw i32 15, %5, !dbg !53
  %idxprom6 = sext i32 %sub to i64, !dbg !54
  %arrayidx7 = getelementptr inbounds [16 x float], ptr addrspace(3) @tiled.tile, i64 0, i64 %idxprom6, !dbg !54
  %6 = load float, ptr addrspace(3) %arrayidx7, align 4, !dbg !54
  %7 = load i32, ptr addrspace(3) @tiled.counts, align 4, !dbg !55
  %conv8 = sitofp i32 %7 to float, !dbg !55
  %add = fadd float %6, %conv8, !dbg !56
  %8 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !57
  %call9 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !58
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %call9, !dbg !57
  store float %add, ptr addrspace(1) %arrayidx10, align 4, !dbg !59
  ret void, !dbg !60
}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 3, type: !20, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "tiled", scope: !3, file: !3, line: 1, type: !4, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!3 = !DIFile(filename: "locals.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "ff026840685351a9c7f20d48a54d5705")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !8}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!8 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64, dwarfAddressSpace: 1)
!9 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!10 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !11, splitDebugInlining: false, nameTableKind: None)
!11 = !{!0, !12}
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!13 = distinct !DIGlobalVariable(name: "counts", scope: !2, file: !3, line: 4, type: !14, isLocal: true, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 256, elements: !16)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !{!17, !18}
!17 = !DISubrange(count: 4)
!18 = !DISubrange(count: 2)
!19 = !{}
!20 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 512, elements: !21)
!21 = !{!22}
!22 = !DISubrange(count: 16)
!34 = !DILocalVariable(name: "out", arg: 1, scope: !2, file: !3, line: 1, type: !6)
!36 = !DILocalVariable(name: "in", arg: 2, scope: !2, file: !3, line: 1, type: !8)
!38 = !DILocalVariable(name: "lid", scope: !2, file: !3, line: 5, type: !15)
"##;

    /// `prog.cl`, `-cl-std=CL2.0`, -O0, debug records:
    /// ```c
    /// constant int table[3] = {1, 2, 3};
    /// global float acc = 0.0f;
    /// global int *gp = 0;
    /// typedef struct { float2 pos; int id; } Particle;
    /// global Particle parts[2];
    /// void helper(global int *p, int v) { static global int hits = 0; hits++; *p = v + table[v & 1]; }
    /// kernel void prog_k(global int *out) { acc += 1.0f; parts[0].id = 3; helper(out, 2); }
    /// ```
    const PROGRAM_O0: &str = r##"
%struct.Particle = type { <2 x float>, i32 }
@table = dso_local addrspace(2) constant [3 x i32] [i32 1, i32 2, i32 3], align 4, !dbg !0
@acc = dso_local addrspace(1) global float 0.000000e+00, align 4, !dbg !5
@gp = dso_local addrspace(1) global ptr addrspace(1) null, align 8, !dbg !8
@helper.hits = internal addrspace(1) global i32 0, align 4, !dbg !12
@parts = dso_local addrspace(1) global [2 x %struct.Particle] zeroinitializer, align 8, !dbg !18
define dso_local spir_func void @helper(ptr addrspace(1) noundef %p, i32 noundef %v) #0 !dbg !14 {
entry:
  %p.addr = alloca ptr addrspace(1), align 8
  %v.addr = alloca i32, align 4
  store ptr addrspace(1) %p, ptr %p.addr, align 8
    #dbg_declare(ptr %p.addr, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !41)
  store i32 %v, ptr %v.addr, align 4
    #dbg_declare(ptr %v.addr, !42, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
  %0 = load i32, ptr addrspace(1) @helper.hits, align 4, !dbg !44
  %inc = add nsw i32 %0, 1, !dbg !44
  store i32 %inc, ptr addrspace(1) @helper.hits, align 4, !dbg !44
  %1 = load i32, ptr %v.addr, align 4, !dbg !45
  %2 = load i32, ptr %v.addr, align 4, !dbg !46
  %and = and i32 %2, 1, !dbg !47
  %idxprom = sext i32 %and to i64, !dbg !48
  %arrayidx = getelementptr inbounds [3 x i32], ptr addrspace(2) @table, i64 0, i64 %idxprom, !dbg !48
  %3 = load i32, ptr addrspace(2) %arrayidx, align 4, !dbg !48
  %add = add nsw i32 %1, %3, !dbg !49
  %4 = load ptr addrspace(1), ptr %p.addr, align 8, !dbg !50
  store i32 %add, ptr addrspace(1) %4, align 4, !dbg !51
  ret void, !dbg !52
}
define dso_local spir_kernel void @prog_k(ptr addrspace(1) noundef align 4 %out) #1 !dbg !53 !kernel_arg_addr_space !56 !kernel_arg_access_qual !57 !kernel_arg_type !58 !kernel_arg_base_type !58 !kernel_arg_type_qual !59 !kernel_arg_name !60 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !61, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !62)
  %0 = load float, ptr addrspace(1) @acc, align 4, !dbg !63
  %add = fadd float %0, 1.000000e+00, !dbg !63
  store float %add, ptr addrspace(1) @acc, align 4, !dbg !63
  store i32 3, ptr addrspace(1) getelementptr inbounds (%struct.Particle, ptr addrspace(1) @parts, i32 0, i32 1), align 8, !dbg !64
  %1 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !65
  call spir_func void @helper(ptr addrspace(1) noundef %1, i32 noundef 2) #2, !dbg !66
  ret void, !dbg !67
}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 2, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !3, line: 1, type: !31, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "prog.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "c137d2485f9838984503f700eec24cb8")
!4 = !{!0, !5, !8, !12, !18}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!6 = distinct !DIGlobalVariable(name: "acc", scope: !2, file: !3, line: 2, type: !7, isLocal: false, isDefinition: true)
!7 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!9 = distinct !DIGlobalVariable(name: "gp", scope: !2, file: !3, line: 3, type: !10, isLocal: false, isDefinition: true)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !11, size: 64, dwarfAddressSpace: 1)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!13 = distinct !DIGlobalVariable(name: "hits", scope: !14, file: !3, line: 7, type: !11, isLocal: true, isDefinition: true)
!14 = distinct !DISubprogram(name: "helper", scope: !3, file: !3, line: 7, type: !15, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !17)
!15 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !16)
!16 = !{null, !10, !11}
!17 = !{}
!18 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!19 = distinct !DIGlobalVariable(name: "parts", scope: !2, file: !3, line: 5, type: !20, isLocal: false, isDefinition: true)
!20 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 256, elements: !28)
!21 = !DIDerivedType(tag: DW_TAG_typedef, name: "Particle", file: !3, line: 4, baseType: !22)
!22 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !3, line: 4, size: 128, elements: !23)
!23 = !{!24, !30}
!24 = !DIDerivedType(tag: DW_TAG_member, name: "pos", scope: !22, file: !3, line: 4, baseType: !25, size: 64)
!25 = !DIDerivedType(tag: DW_TAG_typedef, name: "float2", file: !26, line: 207, baseType: !27)
!26 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!27 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 64, flags: DIFlagVector, elements: !28)
!28 = !{!29}
!29 = !DISubrange(count: 2)
!30 = !DIDerivedType(tag: DW_TAG_member, name: "id", scope: !22, file: !3, line: 4, baseType: !11, size: 32, offset: 64)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, size: 96, elements: !32)
!32 = !{!33}
!33 = !DISubrange(count: 3)
!40 = !DILocalVariable(name: "p", arg: 1, scope: !14, file: !3, line: 7, type: !10)
!42 = !DILocalVariable(name: "v", arg: 2, scope: !14, file: !3, line: 7, type: !11)
!53 = distinct !DISubprogram(name: "prog_k", scope: !3, file: !3, line: 9, type: !54, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !17)
!54 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !55)
!55 = !{null, !10}
!61 = !DILocalVariable(name: "out", arg: 1, scope: !53, file: !3, line: 9, type: !10)
"##;

    /// `opt.cl` at -O2, debug records:
    /// ```c
    /// typedef struct { int a; float b; } Pair;
    /// int __attribute__((noinline)) sum(Pair p, int k) { int t = p.a * k; return t + (int)p.b; }
    /// kernel void opt_k(global int *out, int n)
    /// {
    ///   int zero = 0;
    ///   Pair p; p.a = n; p.b = 2.0f;
    ///   int acc = zero;
    ///   for (int i = 0; i < n; i++) acc += sum(p, i);
    ///   out[0] = acc;
    /// }
    /// ```
    const VALUES_O2: &str = r##"
%struct.Pair = type { i32, float }
define dso_local spir_func i32 @sum(ptr nocapture noundef readonly byval(%struct.Pair) align 4 %p, i32 noundef %k) local_unnamed_addr #0 !dbg !10 {
entry:
    #dbg_declare(ptr %p, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !23)
    #dbg_value(i32 %k, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  %0 = load i32, ptr %p, align 4, !dbg !25, !tbaa !26
  %mul = mul nsw i32 %0, %k, !dbg !32
    #dbg_value(i32 %mul, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  %b = getelementptr inbounds i8, ptr %p, i64 4, !dbg !33
  %1 = load float, ptr %b, align 4, !dbg !33, !tbaa !34
  %conv = fptosi float %1 to i32, !dbg !35
  %add = add nsw i32 %mul, %conv, !dbg !36
  ret i32 %add, !dbg !37
}
define dso_local spir_kernel void @opt_k(ptr addrspace(1) nocapture noundef writeonly align 4 %out, i32 noundef %n) local_unnamed_addr #2 !dbg !38 !kernel_arg_addr_space !50 !kernel_arg_access_qual !51 !kernel_arg_type !52 !kernel_arg_base_type !52 !kernel_arg_type_qual !53 !kernel_arg_name !54 {
entry:
  %p = alloca %struct.Pair, align 4
    #dbg_value(ptr addrspace(1) %out, !43, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !55)
    #dbg_value(i32 %n, !44, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !55)
    #dbg_value(i32 0, !45, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !55)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %p) #3, !dbg !56
    #dbg_declare(ptr %p, !46, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !57)
  store i32 %n, ptr %p, align 4, !dbg !58, !tbaa !26
  %b = getelementptr inbounds i8, ptr %p, i64 4, !dbg !59
  store float 2.000000e+00, ptr %b, align 4, !dbg !60, !tbaa !34
    #dbg_value(i32 0, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !55)
    #dbg_value(i32 0, !48, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !61)
  %cmp5 = icmp sgt i32 %n, 0, !dbg !62
  br i1 %cmp5, label %for.body, label %for.cond.cleanup, !dbg !64
for.cond.cleanup:                                 ; preds = %for.body, %entry
  %acc.0.lcssa = phi i32 [ 0, %entry ], [ %add, %for.body ], !dbg !55
  store i32 %acc.0.lcssa, ptr addrspace(1) %out, align 4, !dbg !65, !tbaa !66
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %p) #3, !dbg !67
  ret void, !dbg !67
for.body:                                         ; preds = %entry, %for.body
  %i.07 = phi i32 [ %inc, %for.body ], [ 0, %entry ]
  %acc.06 = phi i32 [ %add, %for.body ], [ 0, %entry ]
    #dbg_value(i32 %i.07, !48, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !61)
    #dbg_value(i32 %acc.06, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !55)
  %call = tail call spir_func i32 @sum(ptr noundef nonnull byval(%struct.Pair) align 4 %p, i32 noundef %i.07) #3, !dbg !68
  %add = add nsw i32 %call, %acc.06, !dbg !69
    #dbg_value(i32 %add, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !55)
  %inc = add nuw nsw i32 %i.07, 1, !dbg !70
    #dbg_value(i32 %inc, !48, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !61)
  %cmp = icmp slt i32 %inc, %n, !dbg !62
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !dbg !64, !llvm.loop !71
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "opt.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "83472b74646ca2df75a598465e17e908")
!2 = !{!3}
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 2, type: !11, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !19)
!11 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !12)
!12 = !{!3, !13, !3}
!13 = !DIDerivedType(tag: DW_TAG_typedef, name: "Pair", file: !1, line: 1, baseType: !14)
!14 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 1, size: 64, elements: !15)
!15 = !{!16, !17}
!16 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !14, file: !1, line: 1, baseType: !3, size: 32)
!17 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !14, file: !1, line: 1, baseType: !18, size: 32, offset: 32)
!18 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!19 = !{!20, !21, !22}
!20 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 2, type: !13)
!21 = !DILocalVariable(name: "k", arg: 2, scope: !10, file: !1, line: 2, type: !3)
!22 = !DILocalVariable(name: "t", scope: !10, file: !1, line: 2, type: !3)
!38 = distinct !DISubprogram(name: "opt_k", scope: !1, file: !1, line: 3, type: !39, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !42)
!39 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !40)
!40 = !{null, !41, !3}
!41 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1)
!42 = !{!43, !44, !45, !46, !47, !48}
!43 = !DILocalVariable(name: "out", arg: 1, scope: !38, file: !1, line: 3, type: !41)
!44 = !DILocalVariable(name: "n", arg: 2, scope: !38, file: !1, line: 3, type: !3)
!45 = !DILocalVariable(name: "zero", scope: !38, file: !1, line: 5, type: !3)
!46 = !DILocalVariable(name: "p", scope: !38, file: !1, line: 6, type: !13)
!47 = !DILocalVariable(name: "acc", scope: !38, file: !1, line: 7, type: !3)
!48 = !DILocalVariable(name: "i", scope: !49, file: !1, line: 8, type: !3)
!49 = distinct !DILexicalBlock(scope: !38, file: !1, line: 8, column: 3)
"##;

    /// `frag.cl` at -O2, intrinsic calls (SROA dropped `p` altogether rather than split it):
    /// ```c
    /// typedef struct { int a; float b; } Pair;
    /// kernel void frag_k(global float *out, int n, float x)
    /// {
    ///   Pair p; p.a = n; p.b = x;
    ///   float4 v = (float4)(x, 1.0f, 2.0f, 3.0f);
    ///   if (n > 3) { p.a += 2; v.y = x * 2; }
    ///   out[0] = p.a + p.b + v.x + v.y;
    /// }
    /// ```
    const VALUE_CALLS_O2: &str = r##"
define dso_local spir_kernel void @frag_k(ptr addrspace(1) nocapture noundef writeonly align 4 %out, i32 noundef %n, float noundef %x) local_unnamed_addr #0 !dbg !8 !kernel_arg_addr_space !30 !kernel_arg_access_qual !31 !kernel_arg_type !32 !kernel_arg_base_type !32 !kernel_arg_type_qual !33 !kernel_arg_name !34 {
entry:
  tail call void @llvm.dbg.value(metadata ptr addrspace(1) %out, metadata !15, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  tail call void @llvm.dbg.value(metadata i32 %n, metadata !16, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  tail call void @llvm.dbg.value(metadata float %x, metadata !17, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  %vecinit3 = insertelement <4 x float> <float poison, float 1.000000e+00, float 2.000000e+00, float 3.000000e+00>, float %x, i64 0, !dbg !36
  tail call void @llvm.dbg.value(metadata <4 x float> %vecinit3, metadata !24, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  %cmp = icmp sgt i32 %n, 3, !dbg !37
  %add = add nuw nsw i32 %n, 2, !dbg !39
  %mul = fmul float %x, 2.000000e+00, !dbg !39
  %0 = insertelement <4 x float> %vecinit3, float %mul, i64 1, !dbg !39
  %v.0 = select i1 %cmp, <4 x float> %0, <4 x float> %vecinit3, !dbg !39
  %p.sroa.0.0 = select i1 %cmp, i32 %add, i32 %n, !dbg !39
  tail call void @llvm.dbg.value(metadata <4 x float> %v.0, metadata !24, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  %conv = sitofp i32 %p.sroa.0.0 to float, !dbg !40
  %add7 = fadd float %conv, %x, !dbg !41
  %1 = extractelement <4 x float> %v.0, i64 0, !dbg !42
  %add8 = fadd float %add7, %1, !dbg !43
  %2 = extractelement <4 x float> %v.0, i64 1, !dbg !44
  %add9 = fadd float %2, %add8, !dbg !45
  store float %add9, ptr addrspace(1) %out, align 4, !dbg !46, !tbaa !47
  ret void, !dbg !51
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "frag.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "8f115a88e0d108d613f1903fb86a8cab")
!8 = distinct !DISubprogram(name: "frag_k", scope: !1, file: !1, line: 2, type: !9, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !13, !12}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !{!15, !16, !17, !18, !24}
!15 = !DILocalVariable(name: "out", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!16 = !DILocalVariable(name: "n", arg: 2, scope: !8, file: !1, line: 2, type: !13)
!17 = !DILocalVariable(name: "x", arg: 3, scope: !8, file: !1, line: 2, type: !12)
!18 = !DILocalVariable(name: "p", scope: !8, file: !1, line: 4, type: !19)
!19 = !DIDerivedType(tag: DW_TAG_typedef, name: "Pair", file: !1, line: 1, baseType: !20)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 1, size: 64, elements: !21)
!21 = !{!22, !23}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !20, file: !1, line: 1, baseType: !13, size: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !20, file: !1, line: 1, baseType: !12, size: 32, offset: 32)
!24 = !DILocalVariable(name: "v", scope: !8, file: !1, line: 5, type: !25)
!25 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !26, line: 209, baseType: !27)
!26 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!27 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 128, flags: DIFlagVector, elements: !28)
!28 = !{!29}
!29 = !DISubrange(count: 4)
"##;

    /// The same `frag.cl` for `-target x86_64-unknown-linux-gnu`: for spir64 clang never
    /// splits a variable into fragments (its address-space expression stops SROA), for x86 it
    /// does.
    const FRAGMENTS_O2: &str = r##"
define dso_local spir_kernel void @frag_k(ptr nocapture noundef writeonly align 4 %out, i32 noundef %n, float noundef %x) local_unnamed_addr #0 !dbg !11 !kernel_arg_addr_space !33 !kernel_arg_access_qual !34 !kernel_arg_type !35 !kernel_arg_base_type !35 !kernel_arg_type_qual !36 {
entry:
  tail call void @llvm.dbg.value(metadata ptr %out, metadata !18, metadata !DIExpression()), !dbg !37
  tail call void @llvm.dbg.value(metadata i32 %n, metadata !19, metadata !DIExpression()), !dbg !37
  tail call void @llvm.dbg.value(metadata float %x, metadata !20, metadata !DIExpression()), !dbg !37
  tail call void @llvm.dbg.value(metadata i32 %n, metadata !21, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !37
  tail call void @llvm.dbg.value(metadata float %x, metadata !21, metadata !DIExpression(DW_OP_LLVM_fragment, 32, 32)), !dbg !37
  %vecinit3 = insertelement <4 x float> <float poison, float 1.000000e+00, float 2.000000e+00, float 3.000000e+00>, float %x, i64 0, !dbg !38
  tail call void @llvm.dbg.value(metadata <4 x float> %vecinit3, metadata !27, metadata !DIExpression()), !dbg !37
  %cmp = icmp sgt i32 %n, 3, !dbg !39
  %add = add nuw nsw i32 %n, 2, !dbg !41
  %mul = fmul float %x, 2.000000e+00, !dbg !41
  %0 = insertelement <4 x float> %vecinit3, float %mul, i64 1, !dbg !41
  %v.0 = select i1 %cmp, <4 x float> %0, <4 x float> %vecinit3, !dbg !41
  %p.sroa.0.0 = select i1 %cmp, i32 %add, i32 %n, !dbg !41
  tail call void @llvm.dbg.value(metadata i32 %p.sroa.0.0, metadata !21, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !37
  tail call void @llvm.dbg.value(metadata <4 x float> %v.0, metadata !27, metadata !DIExpression()), !dbg !37
  %conv = sitofp i32 %p.sroa.0.0 to float, !dbg !42
  %add7 = fadd float %conv, %x, !dbg !43
  %1 = extractelement <4 x float> %v.0, i64 0, !dbg !44
  %add8 = fadd float %add7, %1, !dbg !45
  %2 = extractelement <4 x float> %v.0, i64 1, !dbg !46
  %add9 = fadd float %2, %add8, !dbg !47
  store float %add9, ptr %out, align 4, !dbg !48, !tbaa !49
  ret void, !dbg !53
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "frag.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "8f115a88e0d108d613f1903fb86a8cab")
!11 = distinct !DISubprogram(name: "frag_k", scope: !1, file: !1, line: 2, type: !12, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !17)
!12 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !13)
!13 = !{null, !14, !16, !15}
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!16 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!17 = !{!18, !19, !20, !21, !27}
!18 = !DILocalVariable(name: "out", arg: 1, scope: !11, file: !1, line: 2, type: !14)
!19 = !DILocalVariable(name: "n", arg: 2, scope: !11, file: !1, line: 2, type: !16)
!20 = !DILocalVariable(name: "x", arg: 3, scope: !11, file: !1, line: 2, type: !15)
!21 = !DILocalVariable(name: "p", scope: !11, file: !1, line: 4, type: !22)
!22 = !DIDerivedType(tag: DW_TAG_typedef, name: "Pair", file: !1, line: 1, baseType: !23)
!23 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 1, size: 64, elements: !24)
!24 = !{!25, !26}
!25 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !23, file: !1, line: 1, baseType: !16, size: 32)
!26 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !23, file: !1, line: 1, baseType: !15, size: 32, offset: 32)
!27 = !DILocalVariable(name: "v", scope: !11, file: !1, line: 5, type: !28)
!28 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !29, line: 209, baseType: !30)
!29 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!30 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 128, flags: DIFlagVector, elements: !31)
!31 = !{!32}
!32 = !DISubrange(count: 4)
!40 = distinct !DILexicalBlock(scope: !11, file: !1, line: 6, column: 7)
!49 = !{!50, !50, i64 0}
"##;

    /// `frag3.cl` at -O2, debug records: a salvaged expression and an inlined parameter.
    /// ```c
    /// typedef struct { int a; int b; } Pair;
    /// static inline __attribute__((always_inline)) int use(Pair q, int k) { q.a += k; return q.a * q.b; }
    /// kernel void frag3_k(global int *out, int n)
    /// {
    ///   Pair p = {n, n + 1};
    ///   long l = ((long)n << 32) | 7;
    ///   int2 v = (int2)(n, 3);
    ///   out[0] = use(p, 2) + (int)(l >> 32) + v.y;
    /// }
    /// ```
    const SALVAGED_O2: &str = r##"
define dso_local spir_kernel void @frag3_k(ptr addrspace(1) nocapture noundef writeonly align 4 %out, i32 noundef %n) local_unnamed_addr #0 !dbg !11 !kernel_arg_addr_space !31 !kernel_arg_access_qual !32 !kernel_arg_type !33 !kernel_arg_base_type !33 !kernel_arg_type_qual !34 {
entry:
    #dbg_value(ptr addrspace(1) %out, !16, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
    #dbg_value(i32 %n, !17, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
  %add = add nsw i32 %n, 1, !dbg !36
    #dbg_value(i32 %n, !24, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 32, DW_OP_shl, DW_OP_constu, 7, DW_OP_or, DW_OP_lit0, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value), !35)
    #dbg_value(<2 x i32> poison, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
    #dbg_value(i32 2, !37, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
  %add.i = add nsw i32 %n, 2, !dbg !45
  %mul.i = mul nsw i32 %add.i, %add, !dbg !46
  %add3 = add i32 %n, 3, !dbg !47
  %add4 = add i32 %add3, %mul.i, !dbg !48
  store i32 %add4, ptr addrspace(1) %out, align 4, !dbg !49, !tbaa !50
  ret void, !dbg !54
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "frag3.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "1e7042ea6a08e7c61aaeb58f7f6512db")
!2 = !{!3, !4}
!3 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = distinct !DISubprogram(name: "frag3_k", scope: !1, file: !1, line: 3, type: !12, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!12 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !13)
!13 = !{null, !14, !4}
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64, dwarfAddressSpace: 1)
!15 = !{!16, !17, !18, !24, !25}
!16 = !DILocalVariable(name: "out", arg: 1, scope: !11, file: !1, line: 3, type: !14)
!17 = !DILocalVariable(name: "n", arg: 2, scope: !11, file: !1, line: 3, type: !4)
!18 = !DILocalVariable(name: "p", scope: !11, file: !1, line: 5, type: !19)
!19 = !DIDerivedType(tag: DW_TAG_typedef, name: "Pair", file: !1, line: 1, baseType: !20)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 1, size: 64, elements: !21)
!21 = !{!22, !23}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !20, file: !1, line: 1, baseType: !4, size: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !20, file: !1, line: 1, baseType: !4, size: 32, offset: 32)
!24 = !DILocalVariable(name: "l", scope: !11, file: !1, line: 6, type: !3)
!25 = !DILocalVariable(name: "v", scope: !11, file: !1, line: 7, type: !26)
!26 = !DIDerivedType(tag: DW_TAG_typedef, name: "int2", file: !27, line: 187, baseType: !28)
!27 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!28 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 64, flags: DIFlagVector, elements: !29)
!29 = !{!30}
!30 = !DISubrange(count: 2)
!37 = !DILocalVariable(name: "k", arg: 2, scope: !38, file: !1, line: 2, type: !4)
!38 = distinct !DISubprogram(name: "use", scope: !1, file: !1, line: 2, type: !39, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !41)
!39 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !40)
!40 = !{!4, !19, !4}
!41 = !{!42, !37}
!42 = !DILocalVariable(name: "q", arg: 1, scope: !38, file: !1, line: 2, type: !19)
"##;

    /// `quoted.cl` at -O0, intrinsic calls:
    /// ```c
    /// void helper(global int *p, int v) __asm__("helper v2.x");
    /// void helper(global int *p, int v) { int w = v + 1; *p = w; }
    /// kernel void quoted_k(global int *out) { helper(out, 4); }
    /// ```
    const QUOTED_O0: &str = r##"
define dso_local spir_func void @"helper v2.x"(ptr addrspace(1) noundef %p, i32 noundef %v) #0 !dbg !8 {
entry:
  %p.addr = alloca ptr addrspace(1), align 8
  %v.addr = alloca i32, align 4
  %w = alloca i32, align 4
  store ptr addrspace(1) %p, ptr %p.addr, align 8
  tail call void @llvm.dbg.declare(metadata ptr %p.addr, metadata !14, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !15
  store i32 %v, ptr %v.addr, align 4
  tail call void @llvm.dbg.declare(metadata ptr %v.addr, metadata !16, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !17
  tail call void @llvm.dbg.declare(metadata ptr %w, metadata !18, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !19
  %0 = load i32, ptr %v.addr, align 4, !dbg !20
  %add = add nsw i32 %0, 1, !dbg !21
  store i32 %add, ptr %w, align 4, !dbg !19
  %1 = load i32, ptr %w, align 4, !dbg !22
  %2 = load ptr addrspace(1), ptr %p.addr, align 8, !dbg !23
  store i32 %1, ptr addrspace(1) %2, align 4, !dbg !24
  ret void, !dbg !25
}
define dso_local spir_kernel void @quoted_k(ptr addrspace(1) noundef align 4 %out) #1 !dbg !26 !kernel_arg_addr_space !29 !kernel_arg_access_qual !30 !kernel_arg_type !31 !kernel_arg_base_type !31 !kernel_arg_type_qual !32 !kernel_arg_name !33 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  tail call void @llvm.dbg.declare(metadata ptr %out.addr, metadata !34, metadata !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef)), !dbg !35
  %0 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !36
  call spir_func void @"helper v2.x"(ptr addrspace(1) noundef %0, i32 noundef 4) #3, !dbg !37
  ret void, !dbg !38
}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "quoted.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "333ca6ae79207922e0cd7ca3fc5eebaf")
!8 = distinct !DISubprogram(name: "helper", linkageName: "helper v2.x", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!9 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !10)
!10 = !{null, !11, !12}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!14 = !DILocalVariable(name: "p", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!16 = !DILocalVariable(name: "v", arg: 2, scope: !8, file: !1, line: 2, type: !12)
!18 = !DILocalVariable(name: "w", scope: !8, file: !1, line: 2, type: !12)
!26 = distinct !DISubprogram(name: "quoted_k", scope: !1, file: !1, line: 3, type: !27, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!27 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !28)
!28 = !{null, !11}
!34 = !DILocalVariable(name: "out", arg: 1, scope: !26, file: !1, line: 3, type: !11)
"##;

    /// `esc.cl`, `-cl-std=CL2.0`, -O0, debug records:
    /// ```c
    /// void odd(global int *p) __asm__("odd\"name\\x");
    /// void odd(global int *p) { static global int count; count++; *p = count; }
    /// kernel void esc_k(global int *out) { odd(out); }
    /// ```
    const ESCAPED_O0: &str = r##"
@"odd\22name\\x.count" = internal addrspace(1) global i32 0, align 4, !dbg !0
define dso_local spir_func void @"odd\22name\\x"(ptr addrspace(1) noundef %p) #0 !dbg !2 {
entry:
  %p.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %p, ptr %p.addr, align 8
    #dbg_declare(ptr %p.addr, !17, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !18)
  %0 = load i32, ptr addrspace(1) @"odd\22name\\x.count", align 4, !dbg !19
  %inc = add nsw i32 %0, 1, !dbg !19
  store i32 %inc, ptr addrspace(1) @"odd\22name\\x.count", align 4, !dbg !19
  %1 = load i32, ptr addrspace(1) @"odd\22name\\x.count", align 4, !dbg !20
  %2 = load ptr addrspace(1), ptr %p.addr, align 8, !dbg !21
  store i32 %1, ptr addrspace(1) %2, align 4, !dbg !22
  ret void, !dbg !23
}
define dso_local spir_kernel void @esc_k(ptr addrspace(1) noundef align 4 %out) #1 !dbg !24 !kernel_arg_addr_space !26 !kernel_arg_access_qual !27 !kernel_arg_type !28 !kernel_arg_base_type !28 !kernel_arg_type_qual !29 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !30, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !31)
  %0 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !32
  call spir_func void @"odd\22name\\x"(ptr addrspace(1) noundef %0) #2, !dbg !33
  ret void, !dbg !34
}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "count", scope: !2, file: !3, line: 2, type: !7, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "odd", linkageName: "odd\22name\\x", scope: !3, file: !3, line: 2, type: !4, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !8, retainedNodes: !10)
!3 = !DIFile(filename: "esc.cl", directory: "/tmp/dbgs", checksumkind: CSK_MD5, checksum: "d3c018be5e3c1bd7cf67b9363f1feee2")
!4 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !5)
!5 = !{null, !6}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !9, splitDebugInlining: false, nameTableKind: None)
!9 = !{!0}
!10 = !{}
!17 = !DILocalVariable(name: "p", arg: 1, scope: !2, file: !3, line: 2, type: !6)
!24 = distinct !DISubprogram(name: "esc_k", scope: !3, file: !3, line: 3, type: !25, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !8, retainedNodes: !10)
!25 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!30 = !DILocalVariable(name: "out", arg: 1, scope: !24, file: !3, line: 3, type: !6)
"##;

    /// `locals.cl` compiled without `-g`.
    const NO_DEBUG: &str = r##"
source_filename = "locals.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
@tiled.tile = internal addrspace(3) global [16 x float] undef, align 4
@tiled.counts = internal addrspace(3) global [4 x [2 x i32]] undef, align 4
define dso_local spir_kernel void @tiled(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %in) #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %in.addr = alloca ptr addrspace(1), align 8
  %lid = alloca i32, align 4
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3
  %conv = trunc i64 %call to i32
  store i32 %conv, ptr %lid, align 4
  %0 = load ptr addrspace(1), ptr %in.addr, align 8
  %call1 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %call1
  %1 = load float, ptr addrspace(1) %arrayidx, align 4
  %2 = load i32, ptr %lid, align 4
  %idxprom = sext i32 %2 to i64
  %arrayidx2 = getelementptr inbounds [16 x float], ptr addrspace(3) @tiled.tile, i64 0, i64 %idxprom
  store float %1, ptr addrspace(3) %arrayidx2, align 4
  %3 = load i32, ptr %lid, align 4
  %4 = load i32, ptr %lid, align 4
  %and = and i32 %4, 3
  %idxprom3 = sext i32 %and to i64
  %arrayidx4 = getelementptr inbounds [4 x [2 x i32]], ptr addrspace(3) @tiled.counts, i64 0, i64 %idxprom3
  %arrayidx5 = getelementptr inbounds [2 x i32], ptr addrspace(3) %arrayidx4, i64 0, i64 0
  store i32 %3, ptr addrspace(3) %arrayidx5, align 4
  call spir_func void @_Z7barrierj(i32 noundef 1) #4
  %5 = load i32, ptr %lid, align 4
  %sub = sub nsw i32 15, %5
  %idxprom6 = sext i32 %sub to i64
  %arrayidx7 = getelementptr inbounds [16 x float], ptr addrspace(3) @tiled.tile, i64 0, i64 %idxprom6
  %6 = load float, ptr addrspace(3) %arrayidx7, align 4
  %7 = load i32, ptr addrspace(3) @tiled.counts, align 4
  %conv8 = sitofp i32 %7 to float
  %add = fadd float %6, %conv8
  %8 = load ptr addrspace(1), ptr %out.addr, align 8
  %call9 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3
  %arrayidx10 = getelementptr inbounds float, ptr addrspace(1) %8, i64 %call9
  store float %add, ptr addrspace(1) %arrayidx10, align 4
  ret void
}
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1
declare dso_local spir_func void @_Z7barrierj(i32 noundef) #2
attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind }
!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!4 = !{i32 1, i32 1}
!5 = !{!"none", !"none"}
!6 = !{!"float*", !"float*"}
!7 = !{!"", !"const"}
"##;

    /// The type of local variable `var`, which must exist.
    fn var_type(module: &ModuleDbg, types: &mut TypeTable, var: u32) -> TypeId {
        match module.variable(var, types) {
            Some(v) => v.ty,
            None => panic!("no variable !{var}"),
        }
    }

    fn ty(types: &TypeTable, id: TypeId) -> &DbgType {
        &types.types[id as usize]
    }

    /// Follows a typedef, checking its name.
    fn typedef_base(types: &TypeTable, id: TypeId, expected: &str) -> TypeId {
        match ty(types, id) {
            DbgType::Typedef { name, base } if name == expected => *base,
            other => panic!("expected typedef {expected}, got {other:?}"),
        }
    }

    fn base(name: &str, size: u32, encoding: Encoding) -> DbgType {
        DbgType::Base {
            name: name.into(),
            size,
            encoding,
        }
    }

    fn member(types: &TypeTable, m: &Member) -> (String, DbgType, u64) {
        (m.name.clone(), ty(types, m.ty).clone(), m.offset)
    }

    fn struct_members(types: &TypeTable, id: TypeId) -> (String, u64, bool, Vec<Member>) {
        match ty(types, id) {
            DbgType::Struct {
                name,
                size,
                members,
                is_union,
            } => (name.clone(), *size, *is_union, members.clone()),
            other => panic!("expected a struct, got {other:?}"),
        }
    }

    fn debug_of(types: &TypeTable) -> KernelDebug {
        KernelDebug {
            types: types.types.clone(),
            ..KernelDebug::default()
        }
    }

    fn xderef_private() -> Vec<ExprOp> {
        vec![ExprOp::Constu(0), ExprOp::Swap, ExprOp::Xderef]
    }

    fn vars(calls: &[DbgCallText]) -> Vec<(bool, u32)> {
        calls.iter().map(|c| (c.declare, c.var)).collect()
    }

    #[test]
    fn debuginfo_text_basic_types_of_every_encoding() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let expect = [
            (55, None, base("char", 1, Encoding::SignedChar)),
            (
                58,
                Some("uchar"),
                base("unsigned char", 1, Encoding::UnsignedChar),
            ),
            (62, None, base("short", 2, Encoding::Signed)),
            (
                65,
                Some("ushort"),
                base("unsigned short", 2, Encoding::Unsigned),
            ),
            (69, None, base("int", 4, Encoding::Signed)),
            (
                71,
                Some("uint"),
                base("unsigned int", 4, Encoding::Unsigned),
            ),
            (73, None, base("long", 8, Encoding::Signed)),
            (
                76,
                Some("ulong"),
                base("unsigned long", 8, Encoding::Unsigned),
            ),
            (80, None, base("float", 4, Encoding::Float)),
            (82, None, base("bool", 1, Encoding::Bool)),
            (85, None, base("signed char", 1, Encoding::SignedChar)),
            (88, None, base("unsigned char", 1, Encoding::UnsignedChar)),
        ];
        for (var, typedef, expected) in expect {
            let mut id = var_type(&m, &mut t, var);
            if let Some(name) = typedef {
                id = typedef_base(&t, id, name);
            }
            assert_eq!(ty(&t, id), &expected, "variable !{var}");
        }
        let a = m.variable(55, &mut t);
        assert_eq!(
            a.map(|v| (v.name, v.arg, v.line)),
            Some(("a".into(), None, 10))
        );
        let g = m.variable(43, &mut t);
        assert_eq!(
            g.map(|v| (v.name, v.arg, v.line)),
            Some(("g".into(), Some(1), 7))
        );
        // `half *`: the pointee is a 2-byte float.
        let hp = var_type(&m, &mut t, 90);
        let DbgType::Pointer {
            pointee: Some(half),
            ..
        } = ty(&t, hp)
        else {
            panic!("hp is not a pointer");
        };
        assert_eq!(ty(&t, *half), &base("half", 2, Encoding::Float));
    }

    #[test]
    fn debuginfo_text_pointers_in_every_address_space() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let int = var_type(&m, &mut t, 69);
        let float = var_type(&m, &mut t, 80);
        let uint = var_type(&m, &mut t, 71);
        let float4 = var_type(&m, &mut t, 101);
        let pointer = |pointee, space| DbgType::Pointer { pointee, space };
        let expect = [
            (43, pointer(Some(int), AddrSpace::Global)),
            (45, pointer(Some(float), AddrSpace::Constant)),
            (47, pointer(Some(uint), AddrSpace::Local)),
            (49, pointer(Some(float4), AddrSpace::Global)),
            (103, pointer(Some(int), AddrSpace::Private)),
            // `void *`: baseType null.
            (169, pointer(None, AddrSpace::Private)),
        ];
        for (var, expected) in expect {
            let id = var_type(&m, &mut t, var);
            assert_eq!(ty(&t, id), &expected, "variable !{var}");
        }

        let generic = ModuleDbg::parse(GENERIC_O0);
        let mut gt = TypeTable::new();
        let p = var_type(&generic, &mut gt, 22);
        let gint = var_type(&generic, &mut gt, 20);
        assert_eq!(ty(&gt, p), &pointer(Some(gint), AddrSpace::Generic));
    }

    #[test]
    fn debuginfo_text_opencl_opaque_types() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let opaque_target = |t: &TypeTable, id| match ty(t, id) {
            // Images, samplers and events are pointers (without an address space) to
            // declared-only structs.
            DbgType::Pointer {
                pointee: Some(p),
                space: AddrSpace::Private,
            } => ty(t, *p).clone(),
            other => panic!("expected a pointer, got {other:?}"),
        };
        let img = var_type(&m, &mut t, 51);
        assert_eq!(
            opaque_target(&t, img),
            DbgType::Opaque {
                name: "opencl_image2d_ro_t".into()
            }
        );
        let smp = var_type(&m, &mut t, 53);
        let smp = typedef_base(&t, smp, "sampler_t");
        assert_eq!(
            opaque_target(&t, smp),
            DbgType::Opaque {
                name: "opencl_sampler_t".into()
            }
        );
        let ev = var_type(&m, &mut t, 160);
        let ev = typedef_base(&t, ev, "event_t");
        assert_eq!(
            opaque_target(&t, ev),
            DbgType::Opaque {
                name: "opencl_event_t".into()
            }
        );
    }

    #[test]
    fn debuginfo_text_typedefd_vectors() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let float = var_type(&m, &mut t, 80);
        let int = var_type(&m, &mut t, 69);
        let f4 = var_type(&m, &mut t, 101);
        let v = typedef_base(&t, f4, "float4");
        assert_eq!(
            ty(&t, v),
            &DbgType::Vector {
                elem: float,
                count: 4
            }
        );
        let i3 = var_type(&m, &mut t, 94);
        let v = typedef_base(&t, i3, "int3");
        assert_eq!(
            ty(&t, v),
            &DbgType::Vector {
                elem: int,
                count: 3
            }
        );
        let d = debug_of(&t);
        assert_eq!(d.type_name(f4), "float4");
        assert_eq!(d.size_of(i3), 16);
        assert_eq!(d.size_of(f4), 16);
    }

    /// Struct layouts as clang describes them: a typedef of an anonymous struct, a named
    /// struct with a bit-field, two structs of one name in different scopes.
    const LAYOUTS: &str = r##"
!1 = !DIFile(filename: "input.cl", directory: "/tmp")
!2 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_typedef, name: "Particle", file: !1, line: 1, baseType: !11)
!11 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 1, size: 384, elements: !12)
!12 = !{!13, !14}
!13 = !DIDerivedType(tag: DW_TAG_member, name: "tag", scope: !11, file: !1, line: 1, baseType: !2, size: 8)
!14 = !DIDerivedType(tag: DW_TAG_member, name: "id", scope: !11, file: !1, line: 1, baseType: !3, size: 32, offset: 256)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Flags", file: !1, line: 2, size: 64, elements: !21)
!21 = !{!22, !23}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "low", scope: !20, file: !1, line: 2, baseType: !3, size: 3, offset: 6, flags: DIFlagBitField, extraData: i64 0)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !20, file: !1, line: 2, baseType: !3, size: 32, offset: 32)
!30 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Twice", file: !1, line: 3, size: 32, elements: !31)
!31 = !{!32}
!32 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !30, file: !1, line: 3, baseType: !3, size: 32)
!40 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Twice", file: !1, line: 9, size: 64, elements: !41)
!41 = !{!42}
!42 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !40, file: !1, line: 9, baseType: !3, size: 32, offset: 32)
"##;

    #[test]
    fn declared_layouts_give_the_bytes_of_members() {
        let layouts = ModuleDbg::parse(LAYOUTS).declared_layouts();
        let particle = layouts
            .of_llvm_struct("struct.Particle")
            .expect("typedef'd struct");
        assert_eq!(particle.size, 48);
        assert_eq!(particle.members, [(0, 1), (32, 36)]);
        // Clang's tail bytes after `id`, and the bytes between the members, are unused.
        assert!(particle.unused(36, 48) && particle.unused(1, 32));
        assert!(!particle.unused(30, 33));
        // A renamed duplicate LLVM type (`.0`) is the same source type.
        assert_eq!(layouts.of_llvm_struct("struct.Particle.0"), Some(particle));
        // A bit-field's bytes are rounded out: bits 6..9 are bytes 0 and 1.
        let flags = layouts
            .of_llvm_struct("struct.Flags")
            .expect("named struct");
        assert_eq!(flags.members, [(0, 2), (4, 8)]);
        // Two layouts of one name: neither can be trusted.
        assert_eq!(layouts.of_llvm_struct("struct.Twice"), None);
        assert_eq!(layouts.of_llvm_struct("struct.Missing"), None);
        assert_eq!(layouts.of_llvm_struct("Particle"), None);
    }

    #[test]
    fn debuginfo_text_structs_with_nested_arrays_and_anonymous_members() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let int = var_type(&m, &mut t, 69);
        let float = var_type(&m, &mut t, 80);
        let char_ = var_type(&m, &mut t, 55);
        let short = var_type(&m, &mut t, 62);
        let o = var_type(&m, &mut t, 128);
        let (name, size, is_union, members) = struct_members(&t, o);
        assert_eq!((name.as_str(), size, is_union), ("Outer", 52, false));
        let names: Vec<(&str, u64)> = members
            .iter()
            .map(|m| (m.name.as_str(), m.offset))
            .collect();
        // The anonymous union member keeps an empty name.
        assert_eq!(names, [("in", 0), ("arr", 28), ("anon", 44), ("", 48)]);

        let (inner, inner_size, _, inner_members) = struct_members(&t, members[0].ty);
        assert_eq!((inner.as_str(), inner_size), ("Inner", 28));
        let (m_name, m_ty, m_offset) = member(&t, &inner_members[0]);
        assert_eq!((m_name.as_str(), m_offset), ("m", 0));
        let DbgType::Array {
            elem: row,
            count: 2,
        } = m_ty
        else {
            panic!("m is not float[2][3]: {m_ty:?}");
        };
        assert_eq!(
            ty(&t, row),
            &DbgType::Array {
                elem: float,
                count: 3
            }
        );
        assert_eq!(
            inner_members[1].clone(),
            Member {
                name: "c".into(),
                ty: char_,
                offset: 24
            }
        );

        assert_eq!(
            ty(&t, members[1].ty),
            &DbgType::Array {
                elem: int,
                count: 4
            }
        );
        let (anon, _, anon_union, anon_members) = struct_members(&t, members[2].ty);
        assert_eq!((anon.as_str(), anon_union), ("", false));
        assert_eq!(
            anon_members,
            [Member {
                name: "s".into(),
                ty: short,
                offset: 0
            }]
        );
        let (un, un_size, un_union, un_members) = struct_members(&t, members[3].ty);
        assert_eq!((un.as_str(), un_size, un_union), ("", 4, true));
        assert_eq!(
            un_members,
            [
                Member {
                    name: "ui".into(),
                    ty: int,
                    offset: 0
                },
                Member {
                    name: "uf".into(),
                    ty: float,
                    offset: 0
                }
            ]
        );
        assert_eq!(debug_of(&t).size_of(o), 52);
    }

    #[test]
    fn debuginfo_text_unions() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let int = var_type(&m, &mut t, 69);
        let float = var_type(&m, &mut t, 80);
        let u = var_type(&m, &mut t, 118);
        let u = typedef_base(&t, u, "U");
        let (name, size, is_union, members) = struct_members(&t, u);
        assert_eq!((name.as_str(), size, is_union), ("U", 4, true));
        assert_eq!(
            members,
            [
                Member {
                    name: "i".into(),
                    ty: int,
                    offset: 0
                },
                Member {
                    name: "f".into(),
                    ty: float,
                    offset: 0
                }
            ]
        );
        assert_eq!(debug_of(&t).type_name(u), "union U");
    }

    #[test]
    fn debuginfo_text_enums() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let col = var_type(&m, &mut t, 126);
        assert_eq!(
            ty(&t, col),
            &DbgType::Enum {
                name: "Color".into(),
                size: 4,
                values: vec![("RED".into(), 0), ("GREEN".into(), 5), ("BLUE".into(), -2)],
            }
        );
    }

    #[test]
    fn debuginfo_text_multi_dimensional_arrays() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let int = var_type(&m, &mut t, 69);
        // int md[2][3][4]: the outermost dimension first.
        let md = var_type(&m, &mut t, 154);
        let DbgType::Array { elem: e3, count: 2 } = ty(&t, md).clone() else {
            panic!("md: {:?}", ty(&t, md));
        };
        let DbgType::Array { elem: e4, count: 3 } = ty(&t, e3).clone() else {
            panic!("md[0]: {:?}", ty(&t, e3));
        };
        assert_eq!(
            ty(&t, e4),
            &DbgType::Array {
                elem: int,
                count: 4
            }
        );
        assert_eq!(debug_of(&t).size_of(md), 96);
    }

    #[test]
    fn debuginfo_text_self_referential_struct() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let int = var_type(&m, &mut t, 69);
        let n = var_type(&m, &mut t, 106);
        let node = typedef_base(&t, n, "Node");
        let (name, size, _, members) = struct_members(&t, node);
        assert_eq!((name.as_str(), size), ("Node", 16));
        assert_eq!(
            members[0],
            Member {
                name: "val".into(),
                ty: int,
                offset: 0
            }
        );
        assert_eq!(
            member(&t, &members[1]),
            (
                "next".into(),
                DbgType::Pointer {
                    pointee: Some(node),
                    space: AddrSpace::Private
                },
                8
            )
        );
        assert_eq!(debug_of(&t).type_name(members[1].ty), "struct Node *");
    }

    #[test]
    fn debuginfo_text_qualifiers_are_skipped_and_nodes_shared() {
        let m = ModuleDbg::parse(TYPES_O0);
        let mut t = TypeTable::new();
        let int = var_type(&m, &mut t, 69);
        // volatile const int
        assert_eq!(var_type(&m, &mut t, 165), int);
        // Identical metadata nodes give the same TypeId, and converting again adds nothing.
        let f4 = var_type(&m, &mut t, 101);
        let count = t.types.len();
        assert_eq!(var_type(&m, &mut t, 101), f4);
        assert_eq!(var_type(&m, &mut t, 69), int);
        assert_eq!(t.types.len(), count);
        // `unsigned char uc` (!60) is the type `uchar b` (!59) names.
        let uc = var_type(&m, &mut t, 88);
        let b = var_type(&m, &mut t, 58);
        assert_eq!(typedef_base(&t, b, "uchar"), uc);
        let types = t.into_types();
        assert_eq!(types.len(), count + 2);
    }

    #[test]
    fn debuginfo_text_declares_at_o0() {
        let m = ModuleDbg::parse(TYPES_O0);
        let calls = m.calls("types_k");
        assert_eq!(calls.len(), 30);
        assert!(calls
            .iter()
            .all(|c| c.declare && c.expr == xderef_private()));
        let first: Vec<u32> = calls.iter().take(4).map(|c| c.var).collect();
        assert_eq!(first, [43, 45, 47, 49]);
        assert_eq!(calls.last().map(|c| c.var), Some(169));
        assert!(m.calls("types_k2").is_empty());
    }

    #[test]
    fn debuginfo_text_kernel_scope_local_arrays() {
        let m = ModuleDbg::parse(LOCALS_O0);
        let mut t = TypeTable::new();
        let (name, tile, scope) = m.global("tiled.tile", &mut t).expect("tile");
        assert_eq!((name.as_str(), scope.as_deref()), ("tile", Some("tiled")));
        let DbgType::Array { elem, count: 16 } = ty(&t, tile).clone() else {
            panic!("tile: {:?}", ty(&t, tile));
        };
        assert_eq!(ty(&t, elem), &base("float", 4, Encoding::Float));

        let (name, counts, scope) = m.global("tiled.counts", &mut t).expect("counts");
        assert_eq!((name.as_str(), scope.as_deref()), ("counts", Some("tiled")));
        assert_eq!(debug_of(&t).size_of(counts), 32);

        let calls = m.calls("tiled");
        assert_eq!(vars(calls), [(true, 34), (true, 36), (true, 38)]);
        assert!(calls.iter().all(|c| c.expr == xderef_private()));
        // `global const float *in`: the const is dropped.
        let in_ = var_type(&m, &mut t, 36);
        assert_eq!(
            ty(&t, in_),
            &DbgType::Pointer {
                pointee: Some(elem),
                space: AddrSpace::Global
            }
        );
    }

    #[test]
    fn debuginfo_text_program_scope_variables() {
        let m = ModuleDbg::parse(PROGRAM_O0);
        let mut t = TypeTable::new();
        let global = |t: &mut TypeTable, name: &str| {
            let (source, id, scope) = m.global(name, t).unwrap_or_else(|| panic!("{name}"));
            (source, ty(t, id).clone(), scope)
        };
        let int = var_type(&m, &mut t, 42);
        let float = m.global("acc", &mut t).map(|g| g.1).expect("acc");
        assert_eq!(
            global(&mut t, "table"),
            (
                "table".into(),
                DbgType::Array {
                    elem: int,
                    count: 3
                },
                None
            )
        );
        assert_eq!(
            global(&mut t, "acc"),
            ("acc".into(), base("float", 4, Encoding::Float), None)
        );
        assert_eq!(
            global(&mut t, "gp"),
            (
                "gp".into(),
                DbgType::Pointer {
                    pointee: Some(int),
                    space: AddrSpace::Global
                },
                None
            )
        );
        // A static variable of a function is scoped to it.
        assert_eq!(
            global(&mut t, "helper.hits"),
            (
                "hits".into(),
                base("int", 4, Encoding::Signed),
                Some("helper".into())
            )
        );

        let (_, parts, _) = m.global("parts", &mut t).expect("parts");
        let DbgType::Array { elem, count: 2 } = ty(&t, parts).clone() else {
            panic!("parts: {:?}", ty(&t, parts));
        };
        let particle = typedef_base(&t, elem, "Particle");
        let (name, size, _, members) = struct_members(&t, particle);
        assert_eq!((name.as_str(), size), ("", 16));
        let float2 = typedef_base(&t, members[0].ty, "float2");
        assert_eq!(
            ty(&t, float2),
            &DbgType::Vector {
                elem: float,
                count: 2
            }
        );
        assert_eq!(
            members[1],
            Member {
                name: "id".into(),
                ty: int,
                offset: 8
            }
        );
        assert_eq!(debug_of(&t).size_of(parts), 32);

        assert!(m.global("helper", &mut t).is_none());
        assert!(m.global("nope", &mut t).is_none());
        assert_eq!(vars(m.calls("helper")), [(true, 40), (true, 42)]);
        assert_eq!(vars(m.calls("prog_k")), [(true, 61)]);
    }

    #[test]
    fn debuginfo_text_values_at_o2() {
        let m = ModuleDbg::parse(VALUES_O2);
        assert_eq!(vars(m.calls("sum")), [(true, 20), (false, 21), (false, 22)]);
        let calls = m.calls("opt_k");
        assert_eq!(
            vars(calls),
            [
                (false, 43),
                (false, 44),
                (false, 45), // i32 0
                (true, 46),
                (false, 47),
                (false, 48),
                (false, 48),
                (false, 47),
                (false, 47),
                (false, 48)
            ]
        );
        // Even values carry clang's address-space prefix.
        assert!(calls.iter().all(|c| c.expr == xderef_private()));
        let mut t = TypeTable::new();
        let i = m.variable(48, &mut t).expect("i");
        assert_eq!((i.name.as_str(), i.arg, i.line), ("i", None, 8));
    }

    #[test]
    fn debuginfo_text_value_calls_at_o2() {
        let m = ModuleDbg::parse(VALUE_CALLS_O2);
        let calls = m.calls("frag_k");
        assert_eq!(
            vars(calls),
            [
                (false, 15),
                (false, 16),
                (false, 17),
                (false, 24),
                (false, 24)
            ]
        );
        assert!(calls.iter().all(|c| c.expr == xderef_private()));
    }

    #[test]
    fn debuginfo_text_fragments() {
        let m = ModuleDbg::parse(FRAGMENTS_O2);
        let calls = m.calls("frag_k");
        let fragment = |offset_bits, size_bits| {
            vec![ExprOp::Fragment {
                offset_bits,
                size_bits,
            }]
        };
        let got: Vec<(u32, Vec<ExprOp>)> = calls.iter().map(|c| (c.var, c.expr.clone())).collect();
        assert_eq!(
            got,
            [
                (18, vec![]),
                (19, vec![]),
                (20, vec![]),
                (21, fragment(0, 32)),
                (21, fragment(32, 32)),
                (27, vec![]),
                (21, fragment(0, 32)),
                (27, vec![])
            ]
        );
        assert!(calls.iter().all(|c| !c.declare));
        // x86 pointers have no address space: private.
        let mut t = TypeTable::new();
        let out = var_type(&m, &mut t, 18);
        assert!(matches!(
            ty(&t, out),
            DbgType::Pointer {
                space: AddrSpace::Private,
                ..
            }
        ));
    }

    #[test]
    fn debuginfo_text_salvaged_expressions() {
        let m = ModuleDbg::parse(SALVAGED_O2);
        let calls = m.calls("frag3_k");
        assert_eq!(
            vars(calls),
            [
                (false, 16),
                (false, 17),
                (false, 24),
                (false, 25),
                (false, 37)
            ]
        );
        let other = |s: &str| ExprOp::Other(s.into());
        assert_eq!(
            calls[2].expr,
            [
                other("DW_OP_LLVM_convert 32 DW_ATE_signed"),
                other("DW_OP_LLVM_convert 64 DW_ATE_signed"),
                ExprOp::Constu(32),
                other("DW_OP_shl"),
                ExprOp::Constu(7),
                other("DW_OP_or"),
                other("DW_OP_lit0"),
                ExprOp::Swap,
                ExprOp::Xderef,
                ExprOp::StackValue
            ]
        );
        // `k` of the inlined `use`, set to the constant 2.
        let mut t = TypeTable::new();
        let k = m.variable(37, &mut t).expect("k");
        assert_eq!((k.name.as_str(), k.arg), ("k", Some(2)));
    }

    #[test]
    fn debuginfo_text_quoted_function_names() {
        let m = ModuleDbg::parse(QUOTED_O0);
        assert_eq!(
            vars(m.calls("helper v2.x")),
            [(true, 14), (true, 16), (true, 18)]
        );
        assert_eq!(vars(m.calls("quoted_k")), [(true, 34)]);

        let m = ModuleDbg::parse(ESCAPED_O0);
        assert_eq!(vars(m.calls("odd\"name\\x")), [(true, 17)]);
        assert_eq!(vars(m.calls("esc_k")), [(true, 30)]);
        let mut t = TypeTable::new();
        let (name, _, scope) = m.global("odd\"name\\x.count", &mut t).expect("count");
        assert_eq!(
            (name.as_str(), scope.as_deref()),
            ("count", Some("odd\"name\\x"))
        );
    }

    #[test]
    fn debuginfo_text_module_without_debug_info() {
        let m = ModuleDbg::parse(NO_DEBUG);
        let mut t = TypeTable::new();
        assert!(m.calls("tiled").is_empty());
        assert!(m.global("tiled.tile", &mut t).is_none());
        assert!((0..16).all(|n| m.variable(n, &mut t).is_none()));
        assert!(t.into_types().is_empty());
    }

    /// Checks that `text` parses and every query on it returns without panicking.
    fn poke(text: &str) {
        let m = ModuleDbg::parse(text);
        let mut t = TypeTable::new();
        for n in 0..48 {
            let _ = m.variable(n, &mut t);
        }
        for name in ["k", "tiled", "tiled.tile", "g", "a", ""] {
            let _ = m.calls(name);
            let _ = m.global(name, &mut t);
        }
        let d = KernelDebug {
            types: t.into_types(),
            ..KernelDebug::default()
        };
        for id in 0..d.types.len() as TypeId {
            let _ = (d.size_of(id), d.type_name(id));
        }
    }

    #[test]
    fn debuginfo_text_garbage_does_not_panic() {
        let deep = format!("!1 = {}", "!{".repeat(100_000));
        let deep_expr = format!(
            "define void @k() {{\n  #dbg_value(i32 0, !1, {}\n}}",
            "!DIExpression(".repeat(100_000)
        );
        let cases = [
            "",
            "}",
            "define",
            "define @",
            "define void @\"unterminated {",
            "define void @k() {\n  #dbg_value(\n  #dbg_declare(ptr %x, !99999999999, !DIExpression(DW_OP_constu)\n  call void @llvm.dbg.value(metadata\n}",
            "define void @k() {\n  #dbg_value(i32 0, !1, !DIExpression(DW_OP_LLVM_fragment, x, 32), !2)\n",
            "!",
            "!1 =",
            "!1 = !DIBasicType(",
            "!1 = !DIBasicType(name: \"x",
            "!1 = distinct !{!1, !{!{",
            "!4294967296 = !{}",
            "!1 = !DIBasicType(name: \"\u{e9}\\\", size: 8\u{fc}, encoding: \u{fc})",
            "!1 = !DIBasicType(name: \"x\", size: 99999999999999999999999, encoding: DW_ATE_signed)",
            "!1 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !2)\n!2 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !1)",
            "!1 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !2)\n!2 = !DIDerivedType(tag: DW_TAG_typedef, name: \"p\", baseType: !1)",
            "!1 = !DICompositeType(tag: DW_TAG_array_type, baseType: !1, elements: !2)\n!2 = !{!3, !1}\n!3 = !DISubrange(count: -1)",
            "!1 = !DICompositeType(tag: DW_TAG_array_type, baseType: !2, flags: DIFlagVector, elements: !3)\n!3 = !{!4}\n!4 = !DISubrange(count: 99999999999)",
            "!1 = distinct !DICompositeType(tag: DW_TAG_structure_type, elements: !2)\n!2 = !{!3, !1, null, i32 4}\n!3 = !DIDerivedType(tag: DW_TAG_member, baseType: !1, offset: -8)",
            "!1 = !DILocalVariable(name: \"v\", arg: -1, line: 99999999999, type: !1)",
            "@g = global i32 0, !dbg",
            "@g = global i32 0, !dbg !1\n!1 = !DIGlobalVariableExpression(var: !1)",
            "@g = global i32 0, !dbg !1\n!1 = distinct !DIGlobalVariable(name: \"g\", scope: !2, type: !3)\n!2 = !DILexicalBlock(scope: !2)\n!3 = !DIDerivedType(tag: DW_TAG_member, baseType: !3)",
            "@\"\\",
            "@\"\\4",
            "!\"",
            &deep,
            &deep_expr,
        ];
        for case in cases {
            poke(case);
        }

        // Every prefix of the real samples, cut at char boundaries.
        for sample in [TYPES_O0, LOCALS_O0, PROGRAM_O0, VALUES_O2, ESCAPED_O0] {
            for end in (0..sample.len()).step_by(97) {
                if let Some(prefix) = sample.get(..end) {
                    poke(prefix);
                }
            }
        }

        // Pseudo-random text made of the characters the parser cares about.
        let alphabet: Vec<char> = "!{}()<>[]\",:|=\\ @#%0123456789abDIW_-.\n\u{e9}"
            .chars()
            .collect();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            let text: String = (0..300)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            poke(&text);
            poke(&format!("!1 = {text}"));
            poke(&format!("define void @k() {{\n  #dbg_value({text}\n}}"));
        }
    }
}
