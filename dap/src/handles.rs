//! The numbers and strings DAP hands the IDE for things it asks about later, valid until the
//! kernel runs on: variable references, frame ids, memory and instruction references.

use std::collections::HashMap;

use oclgrind_debug_protocol::protocol::{MemorySpace, VariableScope};

/// What a `variablesReference` stands for; `frame` is the frame's number (the kernel 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarRef {
    Scope { frame: u32, scope: VariableScope },
    Children { frame: u32, expr: String },
}

#[derive(Default)]
pub struct Handles {
    refs: Vec<VarRef>,
    /// (reference, name shown) → the expression that names it, for `setVariable`.
    names: HashMap<(i64, String), String>,
    /// Functions by slot (an instruction address's high half), as frames name them.
    functions: Vec<String>,
    /// The innermost frame of the last backtrace running each function, and its file.
    frames: HashMap<String, (u32, Option<String>)>,
}

impl Handles {
    pub fn clear(&mut self) {
        *self = Handles::default();
    }

    pub fn var_ref(&mut self, what: VarRef) -> i64 {
        if let Some(i) = self.refs.iter().position(|r| *r == what) {
            return i as i64 + 1;
        }
        self.refs.push(what);
        self.refs.len() as i64
    }

    pub fn get(&self, reference: i64) -> Option<&VarRef> {
        let index = usize::try_from(reference).ok()?.checked_sub(1)?;
        self.refs.get(index)
    }

    pub fn remember(&mut self, reference: i64, name: &str, expr: &str) {
        self.names
            .insert((reference, name.to_string()), expr.to_string());
    }

    pub fn expr_of(&self, reference: i64, name: &str) -> Option<&str> {
        self.names
            .get(&(reference, name.to_string()))
            .map(String::as_str)
    }

    /// An instruction's address: its function's slot above, its index below. An index before
    /// the function's first instruction gives an address in no function's slot.
    pub fn instruction_address(&mut self, function: &str, index: i128) -> String {
        let slot = match self.functions.iter().position(|f| f == function) {
            Some(i) => i,
            None => {
                self.functions.push(function.to_string());
                self.functions.len() - 1
            }
        };
        format!("0x{:x}", (((slot as i128) + 1) << 32) + index)
    }

    /// Notes that a frame of the backtrace runs `function` (innermost frames come first).
    pub fn note_frame(&mut self, function: &str, frame: u32, file: Option<&str>) {
        (self.frames.entry(function.to_string()))
            .or_insert_with(|| (frame, file.map(str::to_string)));
    }

    pub fn frame_running(&self, function: &str) -> Option<(u32, Option<String>)> {
        self.frames.get(function).cloned()
    }

    /// The function and instruction index of an address.
    pub fn instruction_at(&self, address: i128) -> Option<(&str, i128)> {
        let slot = usize::try_from((address >> 32) - 1).ok()?;
        Some((self.functions.get(slot)?.as_str(), address & 0xffff_ffff))
    }
}

/// The frame id DAP gets for a frame number, and back.
pub fn frame_id(frame: u32) -> i64 {
    frame as i64 + 1
}

pub fn frame_of(id: i64) -> Option<u32> {
    u32::try_from(id.checked_sub(1)?).ok()
}

/// A memory reference: the address space and the address, as `global:0x1000`.
pub fn memory_reference(space: MemorySpace, address: u64) -> String {
    let name = match space {
        MemorySpace::Global => "global",
        MemorySpace::Local => "local",
        MemorySpace::Private => "private",
    };
    format!("{name}:0x{address:x}")
}

pub fn parse_memory_reference(text: &str) -> Option<(MemorySpace, u64)> {
    let (name, address) = text.split_once(':')?;
    let space = match name {
        "global" => MemorySpace::Global,
        "local" => MemorySpace::Local,
        "private" => MemorySpace::Private,
        _ => return None,
    };
    let address = address.strip_prefix("0x").unwrap_or(address);
    Some((space, u64::from_str_radix(address, 16).ok()?))
}

/// A number DAP sends as a decimal or `0x` string.
pub fn parse_address(text: &str) -> Option<i128> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_round_trip() {
        let mut h = Handles::default();
        let a = h.var_ref(VarRef::Children {
            frame: 1,
            expr: "s.a".into(),
        });
        let b = h.var_ref(VarRef::Scope {
            frame: 0,
            scope: VariableScope::Locals,
        });
        assert_eq!((a, b), (1, 2));
        assert_eq!(
            h.var_ref(VarRef::Children {
                frame: 1,
                expr: "s.a".into()
            }),
            1
        );
        assert_eq!(
            h.get(2),
            Some(&VarRef::Scope {
                frame: 0,
                scope: VariableScope::Locals
            })
        );
        assert_eq!(h.get(0), None);
        let k = h.instruction_address("k", 3);
        let f = h.instruction_address("f", 0);
        assert_eq!(k, "0x100000003");
        let before = parse_address(&h.instruction_address("k", -1)).unwrap();
        assert_eq!(h.instruction_at(before), None);
        assert_eq!(h.instruction_at(parse_address(&f).unwrap()), Some(("f", 0)));
        assert_eq!(
            h.instruction_at(parse_address(&k).unwrap() + 2),
            Some(("k", 5))
        );
        assert_eq!(
            parse_memory_reference(&memory_reference(MemorySpace::Local, 0x40)),
            Some((MemorySpace::Local, 0x40))
        );
        assert_eq!(parse_memory_reference("heap:0x40"), None);
        assert_eq!(frame_of(frame_id(4)), Some(4));
    }
}
