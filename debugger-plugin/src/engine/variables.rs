//! Variables with their parts, for a variables view (a Debug Adapter Protocol server's):
//! `Variables` (a frame's locals or parameters, the work-group's `__local` variables),
//! `Children` (the members, elements, lanes or target of what an expression names),
//! `Evaluate` (one expression), and `SetVariable` (an assignment in the selected frame).
//!
//! Every part comes with an expression `print` accepts that names it, so a front-end asks for
//! the parts of a part, or sets it, by that expression alone.

use oclgrind_core::debugging::{AddrSpace, DbgType, KernelDebug, Location, TypeId, WorkItemView};

use super::errors::CommandError;
use super::memory::protocol_space;
use super::prompt::{reply, Done};
use super::Engine;
use crate::expr::{self, Evaluated, ExprError};
use crate::format::{self, Format};
use crate::inspect::{self, FrameTarget};
use crate::protocol::{Reply, ValueError, VariableInfo, VariableScope};
use crate::target::{Place, Target, Value};

/// The most parts `Children` gives at once when no count is asked for.
const MAX_CHILDREN: u64 = 10_000;

impl Engine {
    /// `Variables`: the selected frame's locals or parameters, or the group's `__local`
    /// variables.
    pub(super) fn variables(&self, scope: VariableScope, view: &WorkItemView) -> Done {
        let target = self.target(view);
        let list = match scope {
            VariableScope::Locals | VariableScope::Args => {
                let args = scope == VariableScope::Args;
                inspect::frame_variables(view, target.frame, args)
                    .into_iter()
                    .map(|(var, value)| {
                        let v = Evaluated::Typed(value);
                        variable_info(var.name.clone(), var.name.clone(), &v, &target)
                    })
                    .collect()
            }
            VariableScope::GroupLocal => group_locals(view, &target),
        };
        reply(Reply::VariableList(list))
    }

    /// `Children`: the parts of what `text` names, `start` and at most `count` of them.
    pub(super) fn children(
        &self,
        text: &str,
        start: u64,
        count: Option<u64>,
        view: &WorkItemView,
    ) -> Done {
        let target = self.target(view);
        let v = expr::evaluate(&expr::parse(text)?, &target)?;
        let count = count.unwrap_or(MAX_CHILDREN).min(MAX_CHILDREN);
        let list = parts(text, &v, start, count, &target)
            .into_iter()
            .map(|(name, e)| evaluated_info(name, e, &target))
            .collect();
        reply(Reply::VariableList(list))
    }

    /// `Evaluate`: one expression as a variable (its error as its value).
    pub(super) fn evaluate(&self, text: &str, view: &WorkItemView) -> Done {
        let target = self.target(view);
        let info = evaluated_info(text.to_string(), text.to_string(), &target);
        reply(Reply::VariableList(vec![info]))
    }

    /// `SetVariable`: `value` converted to the type of what `text` names and stored there —
    /// memory (private, local or global), or the registers of a variable the debug
    /// information places in them.
    pub(super) fn set_variable(&self, text: &str, value: &str, view: &WorkItemView) -> Done {
        let target = self.target(view);
        let lvalue = expr::parse(text)?;
        let Evaluated::Typed(place) = expr::evaluate(&lvalue, &target)? else {
            return Err(CommandError::NotAssignable(text.to_string()));
        };
        let new = expr::evaluate(&expr::parse(value)?, &target)?;
        let bytes = expr::encode(&new, place.ty, &target)?;
        match &place.place {
            Place::Memory { space, addr } => {
                let (space, addr) = oclgrind_core::debugging::resolve(*space, *addr);
                if !view.write(space, addr, &bytes) {
                    return Err(ExprError::CannotAccess(addr).into());
                }
            }
            Place::OptimizedOut => return Err(CommandError::AssignOptimizedOut(text.to_string())),
            Place::Bytes(_) | Place::Uninit { .. } => {
                set_in_registers(text, &bytes, view, &target)?
            }
        }
        let info = evaluated_info(text.to_string(), text.to_string(), &target);
        reply(Reply::VariableList(vec![info]))
    }
}

/// Stores `bytes` in the registers of the variable `text` names, when it is a whole variable
/// the debug information places in registers.
fn set_in_registers(
    text: &str,
    bytes: &[u8],
    view: &WorkItemView,
    target: &FrameTarget,
) -> Result<(), CommandError> {
    let name = text.trim();
    let location = inspect::variable_named(view, target.frame, name).map(|(_, l)| l);
    match location {
        Some(Location::Slots {
            slot,
            lanes,
            lane_bytes,
        }) => {
            let lane = *lane_bytes as usize;
            for i in 0..*lanes {
                let start = i as usize * lane;
                let part = bytes.get(start..start + lane).unwrap_or(&[]);
                let bits = crate::expr::le_bits(part);
                if !view.set_register(target.frame, slot + i, bits) {
                    return Err(CommandError::NotAssignable(text.to_string()));
                }
            }
            Ok(())
        }
        Some(Location::Constant(_)) => Err(CommandError::AssignConstant(text.to_string())),
        Some(Location::OptimizedOut) => Err(CommandError::AssignOptimizedOut(text.to_string())),
        // A lane, member or element of a variable in registers (`v.x`, `a[1]`).
        _ if !is_name(name)
            && postfix(name) == name
            && matches!(
                inspect::variable_named(view, target.frame, root_name(name)),
                Some((_, Location::Slots { .. }))
            ) =>
        {
            Err(CommandError::AssignRegisterPart(text.to_string()))
        }
        // A value the expression computed.
        _ => Err(CommandError::NotAssignable(text.to_string())),
    }
}

fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The variable an expression like `v.x` or `a[2]` starts with.
fn root_name(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The work-group's `__local` variables: those the kernel declares, then the buffers of its
/// `__local` pointer parameters (as arrays when their element type has a size).
fn group_locals(view: &WorkItemView, target: &FrameTarget) -> Vec<VariableInfo> {
    let Some(d) = view.debug_info() else {
        return Vec::new();
    };
    let mut list = Vec::new();
    for g in &d.globals {
        let Some((AddrSpace::Local, addr)) = view.global_address(g.place) else {
            continue;
        };
        let v = Evaluated::Typed(Value {
            ty: g.ty,
            place: Place::Memory {
                space: AddrSpace::Local,
                addr,
            },
        });
        list.push(variable_info(g.name.clone(), g.name.clone(), &v, target));
    }
    let kernel = *view.stack().last().expect("a work-item has a frame");
    for (var, value) in inspect::frame_variables(view, kernel, true) {
        let DbgType::Pointer {
            pointee,
            space: AddrSpace::Local,
        } = d.ty(d.resolve(value.ty))
        else {
            continue;
        };
        let Ok(bytes) = expr::bytes_of(&value, target) else {
            continue;
        };
        let addr = expr::le_bits(&bytes);
        let Some((start, size)) = (view.buffer_ranges(AddrSpace::Local).into_iter())
            .find(|&(a, size)| addr >= a && addr < a + size)
        else {
            continue;
        };
        let room = start + size - addr;
        list.push(local_buffer(&var.name, *pointee, addr, room, target));
    }
    list
}

/// A `__local` pointer parameter's buffer: `room` bytes at `addr`, elements of `pointee`.
fn local_buffer(
    name: &str,
    pointee: Option<TypeId>,
    addr: u64,
    room: u64,
    target: &FrameTarget,
) -> VariableInfo {
    let d = target.debug();
    let elem = pointee.filter(|&p| d.size_of(p) > 0);
    let memory = Some((protocol_space(AddrSpace::Local), addr));
    let Some(elem) = elem.filter(|&p| room / d.size_of(p) > 0 && room <= 65536) else {
        return VariableInfo {
            name: name.to_string(),
            expr: name.to_string(),
            value: Ok(format!("{room} bytes of local memory")),
            type_name: pointee.map(|p| format!("__local {} *", d.type_name(p))),
            children: 0,
            memory,
        };
    };
    let count = room / d.size_of(elem);
    let v = Evaluated::Repeated {
        elem,
        count,
        space: AddrSpace::Local,
        addr,
    };
    // Named through the parameter where the selected frame sees it, else by address.
    let by_name = format!("*{name}@{count}");
    let same = expr::parse(&by_name)
        .and_then(|e| expr::evaluate(&e, target))
        .is_ok_and(|found| found == v);
    let expression = if same {
        by_name
    } else {
        format!("*(__local {} *)0x{addr:x}@{count}", d.type_name(elem))
    };
    VariableInfo {
        memory,
        ..variable_info(name.to_string(), expression, &v, target)
    }
}

/// What an expression evaluates to, as a variable (its error as its value).
fn evaluated_info(name: String, text: String, target: &FrameTarget) -> VariableInfo {
    match expr::parse(&text).and_then(|e| expr::evaluate(&e, target)) {
        Ok(v) => variable_info(name, text, &v, target),
        Err(e) => VariableInfo {
            name,
            expr: text,
            value: Err(ValueError::from(&e)),
            type_name: None,
            children: 0,
            memory: None,
        },
    }
}

/// A value as a variable: formatted as `print` does, its type, its parts and its memory.
fn variable_info(name: String, text: String, v: &Evaluated, target: &FrameTarget) -> VariableInfo {
    let d = target.debug();
    VariableInfo {
        name,
        expr: text,
        value: Ok(format::value(v, Format::Natural, target)),
        type_name: Some(expr::type_name(v, d)),
        children: child_count(v, target),
        memory: memory_of(v, target),
    }
}

/// How many parts `Children` gives for a value.
fn child_count(v: &Evaluated, target: &FrameTarget) -> u64 {
    let d = target.debug();
    match v {
        Evaluated::Typed(value) => match d.ty(d.resolve(value.ty)) {
            DbgType::Struct { .. } => members(d, value.ty).len() as u64,
            DbgType::Array { count, .. } => *count,
            DbgType::Vector { count, .. } => *count as u64,
            DbgType::Pointer { pointee, .. } => followable(v, *pointee, target) as u64,
            _ => 0,
        },
        Evaluated::Pointer { pointee, .. } => followable(v, *pointee, target) as u64,
        Evaluated::Repeated { count, .. } => *count,
        _ => 0,
    }
}

/// Whether a pointer can be followed: it is not null and points to something with a size.
fn followable(v: &Evaluated, pointee: Option<TypeId>, target: &FrameTarget) -> bool {
    let d = target.debug();
    pointee.is_some_and(|p| d.size_of(p) > 0)
        && matches!(expr::pointer_target(v, target), Ok((Some(_), addr)) if addr != 0)
}

/// Where a value's bytes are for a memory view: a pointer's target, or its own storage.
fn memory_of(v: &Evaluated, target: &FrameTarget) -> Option<(crate::protocol::MemorySpace, u64)> {
    let d = target.debug();
    let is_pointer = match v {
        Evaluated::Pointer { .. } => true,
        Evaluated::Typed(value) => matches!(d.ty(d.resolve(value.ty)), DbgType::Pointer { .. }),
        _ => false,
    };
    if is_pointer {
        return match expr::pointer_target(v, target) {
            Ok((Some(space), addr)) if addr != 0 => Some((protocol_space(space), addr)),
            _ => None,
        };
    }
    if let Evaluated::Repeated { space, addr, .. } = v {
        return Some((protocol_space(*space), *addr));
    }
    let (space, addr, _) = expr::address_of(v, target).ok()?;
    Some((protocol_space(space), addr))
}

/// The members of a struct or union, those of anonymous members in their place (as C names
/// them): name and type.
fn members(d: &KernelDebug, ty: TypeId) -> Vec<(String, TypeId)> {
    fn walk(d: &KernelDebug, ty: TypeId, depth: u32, out: &mut Vec<(String, TypeId)>) {
        let DbgType::Struct { members, .. } = d.ty(d.resolve(ty)) else {
            return;
        };
        for m in members {
            if m.name.is_empty() && depth < 8 {
                walk(d, m.ty, depth + 1, out);
            } else if !m.name.is_empty() {
                out.push((m.name.clone(), m.ty));
            }
        }
    }
    let mut out = Vec::new();
    walk(d, ty, 0, &mut out);
    out
}

/// `text` ready for a postfix operator (`.m`, `[i]`): as it is when it is a name with
/// members and subscripts, else in parentheses.
fn postfix(text: &str) -> String {
    let t = text.trim();
    let mut depth = 0i32;
    let plain = t.chars().enumerate().all(|(i, c)| match c {
        '[' => {
            depth += 1;
            true
        }
        ']' => {
            depth -= 1;
            true
        }
        _ if depth > 0 => true,
        '-' => t[i + 1..].starts_with('>'),
        '>' => i > 0 && t[..i].ends_with('-'),
        c => c.is_ascii_alphanumeric() || c == '_' || c == '.',
    });
    if plain && !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit()) {
        t.to_string()
    } else {
        format!("({t})")
    }
}

/// The names and expressions of the parts of `v` (which `text` names), `start` and at most
/// `count` of them.
fn parts(
    text: &str,
    v: &Evaluated,
    start: u64,
    count: u64,
    target: &FrameTarget,
) -> Vec<(String, String)> {
    let d = target.debug();
    let range = |n: u64| start.min(n)..start.saturating_add(count).min(n);
    let elements = |base: String, n: u64| -> Vec<(String, String)> {
        range(n)
            .map(|i| (format!("[{i}]"), format!("{base}[{i}]")))
            .collect()
    };
    let all: Vec<(String, String)> = match v {
        Evaluated::Typed(value) => match d.ty(d.resolve(value.ty)) {
            DbgType::Struct { .. } => {
                // `p->m` for the members of `*p`.
                let base = match text.trim().strip_prefix('*') {
                    Some(p) if postfix(p) == p.trim() => format!("{}->", p.trim()),
                    _ => format!("{}.", postfix(text)),
                };
                members(d, value.ty)
                    .into_iter()
                    .map(|(m, _)| (m.clone(), format!("{base}{m}")))
                    .collect()
            }
            DbgType::Array { count: n, .. } => return elements(postfix(text), *n),
            DbgType::Vector { count: n, .. } => (0..*n)
                .map(|lane| {
                    let name = lane_name(lane, *n);
                    (name.clone(), format!("{}.{name}", postfix(text)))
                })
                .collect(),
            DbgType::Pointer { pointee, .. } if followable(v, *pointee, target) => {
                let e = format!("*{}", postfix(text));
                vec![(e.clone(), e)]
            }
            _ => Vec::new(),
        },
        Evaluated::Pointer { pointee, .. } if followable(v, *pointee, target) => {
            let e = format!("*{}", postfix(text));
            vec![(e.clone(), e)]
        }
        // `X@N`: the elements of the artificial array, through the address of `X`.
        Evaluated::Repeated { count: n, .. } => match text.rfind('@') {
            Some(at) => {
                let first = text[..at].trim();
                let base = match first.strip_prefix('*') {
                    Some(p) => postfix(p),
                    None => format!("(&{})", postfix(first)),
                };
                return elements(base, *n);
            }
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    let r = range(all.len() as u64);
    all.into_iter()
        .skip(r.start as usize)
        .take((r.end - r.start) as usize)
        .collect()
}

/// How OpenCL C names lane `lane` of an `n`-lane vector: `x` to `w` up to four lanes, `s0`
/// to `sF` beyond.
fn lane_name(lane: u32, n: u32) -> String {
    if n <= 4 {
        ["x", "y", "z", "w"][lane as usize].to_string()
    } else {
        format!("s{lane:X}")
    }
}

#[cfg(test)]
mod tests {
    use super::{lane_name, postfix, root_name};

    #[test]
    fn postfix_keeps_names_and_parenthesises_the_rest() {
        assert_eq!(postfix("a"), "a");
        assert_eq!(postfix("s.b[2]"), "s.b[2]");
        assert_eq!(postfix("p->m"), "p->m");
        assert_eq!(postfix("a[i + 1]"), "a[i + 1]");
        assert_eq!(postfix("*p"), "(*p)");
        assert_eq!(postfix("a - b"), "(a - b)");
        assert_eq!(postfix("a>b"), "(a>b)");
        assert_eq!(postfix("3"), "(3)");
    }

    #[test]
    fn lanes_are_named_as_opencl_does() {
        assert_eq!(lane_name(0, 4), "x");
        assert_eq!(lane_name(2, 3), "z");
        assert_eq!(lane_name(10, 16), "sA");
        assert_eq!(root_name("v.x"), "v");
        assert_eq!(root_name("a[3]"), "a");
    }
}
