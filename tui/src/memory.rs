//! The memory pane's model: a tab per address space, each showing an address or what an
//! expression points to, and the element type the bytes are read as.

use oclgrind_debug_protocol::protocol::{Command, MemorySpace};
use oclgrind_debug_protocol::text::ostream_double;

/// How many bytes a view asks for.
pub const VIEW_BYTES: u64 = 256;

/// The tabs, in order.
pub const SPACES: [MemorySpace; 3] = [
    MemorySpace::Private,
    MemorySpace::Local,
    MemorySpace::Global,
];

pub fn space_name(space: MemorySpace) -> &'static str {
    match space {
        MemorySpace::Private => "private",
        MemorySpace::Local => "local",
        MemorySpace::Global => "global",
    }
}

/// The tab strip as the pane's first line shows it.
pub fn tab_strip() -> Vec<(usize, &'static str)> {
    let mut at = 0;
    SPACES
        .iter()
        .map(|&s| {
            let name = space_name(s);
            let start = at;
            at += name.len() + TAB_GAP;
            (start, name)
        })
        .collect()
}

const TAB_GAP: usize = 2;

/// The tab under a column of the strip.
pub fn tab_at(column: usize) -> Option<usize> {
    tab_strip()
        .iter()
        .position(|&(start, name)| (start..start + name.len()).contains(&column))
}

/// What the bytes are shown as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Element {
    #[default]
    Hex,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

const ELEMENTS: [Element; 11] = [
    Element::Hex,
    Element::I8,
    Element::U8,
    Element::I16,
    Element::U16,
    Element::I32,
    Element::U32,
    Element::I64,
    Element::U64,
    Element::F32,
    Element::F64,
];

impl Element {
    pub fn next(self) -> Element {
        let at = ELEMENTS.iter().position(|&e| e == self).unwrap_or(0);
        ELEMENTS[(at + 1) % ELEMENTS.len()]
    }

    pub fn name(self) -> &'static str {
        match self {
            Element::Hex => "hex",
            Element::I8 => "char",
            Element::U8 => "uchar",
            Element::I16 => "short",
            Element::U16 => "ushort",
            Element::I32 => "int",
            Element::U32 => "uint",
            Element::I64 => "long",
            Element::U64 => "ulong",
            Element::F32 => "float",
            Element::F64 => "double",
        }
    }

    pub fn size(self) -> usize {
        match self {
            Element::Hex | Element::I8 | Element::U8 => 1,
            Element::I16 | Element::U16 => 2,
            Element::I32 | Element::U32 | Element::F32 => 4,
            Element::I64 | Element::U64 | Element::F64 => 8,
        }
    }

    /// Columns one element takes (all of a type line up).
    pub fn width(self) -> usize {
        match self {
            Element::Hex => 2,
            Element::I8 => 4,
            Element::U8 => 3,
            Element::I16 => 6,
            Element::U16 => 5,
            Element::I32 => 11,
            Element::U32 => 10,
            Element::I64 | Element::U64 => 20,
            Element::F32 => 12,
            Element::F64 => 14,
        }
    }

    /// One element from its little-endian bytes (`None` if too few are left).
    pub fn format(self, bytes: &[u8]) -> Option<String> {
        let b = bytes.get(..self.size())?;
        let mut raw = [0u8; 8];
        raw[..b.len()].copy_from_slice(b);
        let u = u64::from_le_bytes(raw);
        let w = self.width();
        Some(match self {
            Element::Hex => format!("{:02x}", b[0]),
            Element::I8 => format!("{:>w$}", b[0] as i8),
            Element::U8 => format!("{:>w$}", b[0]),
            Element::I16 => format!("{:>w$}", u as u16 as i16),
            Element::U16 => format!("{:>w$}", u as u16),
            Element::I32 => format!("{:>w$}", u as u32 as i32),
            Element::U32 => format!("{:>w$}", u as u32),
            Element::I64 => format!("{:>w$}", u as i64),
            Element::U64 => format!("{:>w$}", u),
            // As `print` shows them (`%g`, six significant digits).
            Element::F32 => format!("{:>w$}", ostream_double(f32::from_bits(u as u32) as f64)),
            Element::F64 => format!("{:>w$}", ostream_double(f64::from_bits(u))),
        })
    }

    /// Elements in a row of `columns` screen columns (with the address before them):
    /// a power of two, at least one.
    pub fn per_row(self, columns: usize) -> usize {
        let fit = columns.saturating_sub(14) / (self.width() + 1);
        let mut n = 1;
        while n * 2 <= fit && n * 2 * self.size() <= 32 {
            n *= 2;
        }
        n
    }
}

/// What a tab shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An expression: a pointer's target, or a variable's own bytes.
    Expr(String),
    Address(u64),
}

/// One tab: its target and what was read there at this stop and the one before.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tab {
    pub target: Option<Target>,
    pub bytes: Option<(u64, Vec<u8>)>,
    /// Which bits of `bytes` are uninitialised (`--uninitialized`; empty when unknown).
    pub uninitialized: Vec<u8>,
    pub previous: Option<(u64, Vec<u8>)>,
    /// Rows scrolled down.
    pub scroll: usize,
}

#[derive(Clone, Debug, Default)]
pub struct MemoryPane {
    pub tab: usize,
    pub tabs: [Tab; 3],
    pub element: Element,
}

impl MemoryPane {
    pub fn space(&self) -> MemorySpace {
        SPACES[self.tab]
    }

    pub fn current(&self) -> &Tab {
        &self.tabs[self.tab]
    }

    pub fn current_mut(&mut self) -> &mut Tab {
        &mut self.tabs[self.tab]
    }

    /// The command that reads the current tab's target.
    pub fn request(&self) -> Option<Command> {
        Some(match self.current().target.as_ref()? {
            Target::Expr(expr) => Command::MemoryOf {
                expr: expr.clone(),
                size: VIEW_BYTES,
            },
            &Target::Address(address) => Command::MemoryAt {
                space: self.space(),
                address,
                size: VIEW_BYTES,
            },
        })
    }

    /// Shows `target` (an address in the current space, or an expression) from now on.
    pub fn show(&mut self, target: Target) {
        let tab = self.current_mut();
        tab.target = Some(target);
        tab.bytes = None;
        tab.previous = None;
        tab.scroll = 0;
    }

    /// Memory read for the current tab's target arrived (`expr` as the reply names it): it
    /// belongs to `space` (an expression may point elsewhere than the tab it was typed in).
    /// A late reply for a tab the user has since left is dropped.
    pub fn arrived(
        &mut self,
        expr: &str,
        space: MemorySpace,
        address: u64,
        bytes: Vec<u8>,
        uninitialized: Vec<u8>,
    ) {
        let current = self.space();
        let asked = match &self.current().target {
            Some(Target::Expr(e)) => e == expr,
            Some(Target::Address(a)) => *a == address && space == current,
            None => false,
        };
        if !asked {
            return;
        }
        let at = SPACES.iter().position(|&s| s == space).unwrap_or(self.tab);
        if at != self.tab {
            let target = self.current_mut().target.take();
            self.tab = at;
            self.show(target.unwrap_or(Target::Address(address)));
        }
        let tab = self.current_mut();
        // Bytes of another address are not "changed".
        if tab.bytes.as_ref().is_some_and(|(a, _)| *a != address) {
            tab.previous = None;
        }
        tab.bytes = Some((address, bytes));
        tab.uninitialized = uninitialized;
    }

    /// Whether byte `i` of the current tab has uninitialised bits.
    pub fn uninitialized(&self, i: usize) -> bool {
        self.current().uninitialized.get(i).is_some_and(|&b| b != 0)
    }

    /// A stop: what was shown becomes what changes are measured against.
    pub fn stopped(&mut self) {
        for tab in &mut self.tabs {
            tab.previous = tab.bytes.clone();
        }
    }

    /// Whether byte `i` of the current tab changed since the previous stop.
    pub fn changed(&self, i: usize) -> bool {
        let tab = self.current();
        match (&tab.bytes, &tab.previous) {
            (Some((a, now)), Some((b, before))) if a == b => {
                matches!((now.get(i), before.get(i)), (Some(x), Some(y)) if x != y)
            }
            _ => false,
        }
    }
}

/// An address as typed: hex with 0x, or decimal.
pub fn parse_address(text: &str) -> Option<u64> {
    let t = text.trim();
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => t.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_read_little_endian() {
        let bytes = [0x00, 0x00, 0x80, 0x3f, 0xff, 0xff, 0xff, 0xff];
        assert_eq!(Element::Hex.format(&bytes).unwrap(), "00");
        assert_eq!(Element::F32.format(&bytes).unwrap().trim(), "1");
        assert_eq!(Element::I32.format(&bytes[4..]).unwrap().trim(), "-1");
        assert_eq!(
            Element::U32.format(&bytes[4..]).unwrap().trim(),
            "4294967295"
        );
        assert_eq!(Element::I16.format(&bytes[2..]).unwrap().trim(), "16256");
        assert_eq!(Element::I8.format(&bytes[4..]).unwrap().trim(), "-1");
        assert_eq!(
            Element::U64.format(&bytes).unwrap().trim(),
            "18446744070479937536"
        );
        assert_eq!(Element::F64.format(&bytes[..4]), None, "too few bytes");
        assert_eq!(
            Element::F64.format(&1.5f64.to_le_bytes()).unwrap().trim(),
            "1.5"
        );
        assert_eq!(
            Element::F32.format(&1e20f32.to_le_bytes()).unwrap().trim(),
            "1e+20"
        );
    }

    #[test]
    fn every_element_type_comes_round() {
        let mut e = Element::Hex;
        let mut seen = vec![];
        for _ in 0..ELEMENTS.len() {
            seen.push(e.name());
            e = e.next();
        }
        assert_eq!(e, Element::Hex);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 11, "every type once");
        assert_eq!(Element::Hex.per_row(60), 8);
        assert_eq!(Element::F64.per_row(60), 2);
        assert_eq!(Element::F64.per_row(10), 1);
    }

    #[test]
    fn tabs_follow_where_the_memory_is() {
        let mut pane = MemoryPane::default();
        assert_eq!(pane.space(), MemorySpace::Private);
        pane.show(Target::Expr("scratch".into()));
        assert_eq!(
            pane.request(),
            Some(Command::MemoryOf {
                expr: "scratch".into(),
                size: VIEW_BYTES
            })
        );
        pane.arrived("other", MemorySpace::Local, 0x40, vec![9], Vec::new());
        assert_eq!(pane.current().bytes, None, "a reply for another target");
        pane.arrived("scratch", MemorySpace::Local, 0x40, vec![1, 2], Vec::new());
        assert_eq!(pane.space(), MemorySpace::Local, "moved to the local tab");
        assert_eq!(pane.current().target, Some(Target::Expr("scratch".into())));
        assert_eq!(pane.tabs[0].target, None);
        pane.stopped();
        pane.arrived("scratch", MemorySpace::Local, 0x40, vec![1, 3], Vec::new());
        assert!(!pane.changed(0));
        assert!(pane.changed(1));
        pane.tab = 2;
        pane.show(Target::Address(0x1000));
        assert_eq!(
            pane.request(),
            Some(Command::MemoryAt {
                space: MemorySpace::Global,
                address: 0x1000,
                size: VIEW_BYTES
            })
        );
        assert_eq!(parse_address("0x1f"), Some(31));
        assert_eq!(parse_address("32"), Some(32));
        assert_eq!(parse_address("p"), None);
        assert_eq!(tab_at(0), Some(0));
        assert_eq!(tab_at(8), None, "between tabs");
        assert_eq!(tab_at(9), Some(1));
        assert_eq!(tab_at(16), Some(2));
    }
}
