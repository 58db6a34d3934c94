//! Writing `.sim` files: the text a capture leaves, which the reader reads back to the same
//! launch. Values are written as Oclgrind prints them, so a file with none of our tokens also
//! runs under Oclgrind's own `oclgrind-kernel`.

use std::fmt::Write;

use crate::format::write_elem;
use crate::sim::{escape_word, Elem, Header, LaunchHeader, IMAGE_KINDS, LAUNCH};

/// Values a line, as a person would lay them out.
const VALUES_PER_LINE: usize = 8;

impl Header {
    /// The header's tokens, in the order `parse_header` reads back to this header.
    pub fn tokens(&self) -> String {
        let mut t: Vec<String> = Vec::new();
        if self.null {
            return "null".into();
        }
        if let Some(size) = self.size {
            t.push(format!("size={size}"));
        }
        if let Some(e) = self.elem {
            t.push(e.name().into());
        }
        let flags = [
            (self.hex, "hex"),
            (self.ro, "ro"),
            (self.wo, "wo"),
            (self.noinit, "noinit"),
            (self.dump, "dump"),
        ];
        t.extend(
            flags
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, w)| w.to_string()),
        );
        if let Some(f) = &self.fill {
            t.push(format!("fill={f}"));
        }
        if let Some(r) = &self.range {
            t.push(format!("range={r}"));
        }
        if let Some(f) = &self.file {
            t.push(format!("file={}", escape_word(f)));
        }
        if let Some(v) = self.view {
            t.push(format!("in={}+{}", v.store, v.offset));
        }
        if let Some(v) = self.svm {
            t.push(format!("svm={}+{}", v.store, v.offset));
        }
        if let Some(i) = &self.image {
            let kind = IMAGE_KINDS.iter().find(|(_, k)| *k == i.kind);
            t.push(format!("image={}", kind.map_or("?", |(n, _)| n)));
            t.push(format!("format={:#x}:{:#x}", i.order, i.channel_type));
            let [w, h, d, l] = i.extent;
            t.push(format!("extent={w},{h},{d},{l}"));
            t.push(format!("pitch={},{}", i.pitch[0], i.pitch[1]));
        }
        t.join(" ")
    }
}

impl LaunchHeader {
    /// Whether the launch needs no header (Oclgrind's format says all of it).
    pub fn is_empty(&self) -> bool {
        *self == LaunchHeader::default()
    }

    /// The header's text inside `<...>`, `launch` first.
    pub fn tokens(&self) -> String {
        let mut t = vec![LAUNCH.to_string()];
        if let Some(d) = self.dim {
            t.push(format!("dim={d}"));
        }
        if let Some([x, y, z]) = self.offset {
            t.push(format!("offset={x},{y},{z}"));
        }
        if let Some(o) = &self.options {
            t.push(format!("options={}", escape_word(o)));
        }
        if let Some(s) = &self.source {
            t.push(format!("source={}", escape_word(s)));
        }
        for (k, s) in self.stores.iter().enumerate() {
            t.push(format!("store={k}:{}:{}", s.size, escape_word(&s.file)));
        }
        for (name, file) in &self.globals {
            t.push(format!("global={name}:{}", escape_word(file)));
        }
        for (k, s) in self.svm.iter().enumerate() {
            let file = escape_word(&s.file);
            t.push(format!("svm={k}:{}:{:#x}:{file}", s.size, s.address));
        }
        t.join(" ")
    }
}

/// A `.sim` file being written, part by part in the order the reader reads them.
#[derive(Default)]
pub struct SimWriter {
    text: String,
}

impl SimWriter {
    /// `# text` lines: what the reader skips.
    pub fn comment(&mut self, text: &str) {
        for line in text.lines() {
            let _ = writeln!(self.text, "# {line}");
        }
    }

    /// The program file, the kernel, the NDRange and the work-group size, then the launch
    /// header when the launch needs one.
    pub fn launch(
        &mut self,
        program_file: &str,
        kernel: &str,
        global: [u64; 3],
        local: [u64; 3],
        header: &LaunchHeader,
    ) {
        let three = |v: [u64; 3]| format!("{} {} {}", v[0], v[1], v[2]);
        let _ = writeln!(self.text, "{program_file}\n{kernel}");
        let _ = writeln!(self.text, "{}\n{}", three(global), three(local));
        if !header.is_empty() {
            let _ = writeln!(self.text, "<{}>", header.tokens());
        }
    }

    /// One argument: its header and, when given, its values inline (in the header's type,
    /// which must divide them exactly; in hex, only unsigned types read back as written).
    pub fn argument(&mut self, header: &Header, values: Option<&[u8]>) {
        let _ = write!(self.text, "<{}>", header.tokens());
        let Some(bytes) = values else {
            self.text.push('\n');
            return;
        };
        let elem = header.elem.unwrap_or(Elem::UChar);
        let hex = header.hex;
        let count = bytes.len() / elem.size();
        // One value on the header's line; more on lines of their own, VALUES_PER_LINE each.
        self.text.push(if count <= 1 { ' ' } else { '\n' });
        for (k, value) in bytes.chunks_exact(elem.size()).enumerate() {
            if k % VALUES_PER_LINE != 0 {
                self.text.push(' ');
            }
            write_elem(&mut self.text, value, elem, hex);
            if k % VALUES_PER_LINE == VALUES_PER_LINE - 1 && k + 1 < count {
                self.text.push('\n');
            }
        }
        self.text.push('\n');
    }

    pub fn finish(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{parse_header, parse_launch_header, Reader, Store, View};

    /// A little random source: the tests need no crate for it.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn values_of_every_type_read_back_bit_for_bit() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for (_, elem) in Elem::NAMES {
            // Floats cannot go through decimal text exactly; captures write their bits.
            if matches!(elem, Elem::Float | Elem::Double) {
                continue;
            }
            // Signed types in hex print sign-extended and do not read back, in Oclgrind
            // too; captures write unsigned types.
            let signed = matches!(elem, Elem::Char | Elem::Short | Elem::Int | Elem::Long);
            for hex in [false, true].into_iter().filter(|h| !(signed && *h)) {
                let bytes: Vec<u8> = (0..elem.size() * 37)
                    .map(|_| next(&mut seed) as u8)
                    .collect();
                let header = Header {
                    size: Some(bytes.len() as u64),
                    elem: Some(elem),
                    hex,
                    dump: true,
                    ..Header::default()
                };
                let mut w = SimWriter::default();
                w.argument(&header, Some(&bytes));
                let text = w.finish();
                let mut r = Reader::new(&text);
                let read = parse_header(&r.header().unwrap()).unwrap();
                assert_eq!(read, header);
                let back: Vec<u8> = (0..37).flat_map(|_| r.value(elem, hex).unwrap()).collect();
                assert_eq!(back, bytes, "{elem:?} hex={hex}\n{text}");
                r.expect_eof().unwrap();
            }
        }
    }

    #[test]
    fn unsigned_types_keep_the_width() {
        assert_eq!(Elem::Float.unsigned(), Elem::UInt);
        assert_eq!(Elem::Double.unsigned(), Elem::ULong);
        assert_eq!(Elem::Char.unsigned(), Elem::UChar);
        assert_eq!(Elem::Short.unsigned(), Elem::UShort);
        assert_eq!(Elem::from_name("float"), Some(Elem::Float));
        assert_eq!(Elem::from_name("float4"), None);
    }

    #[test]
    fn headers_read_back() {
        let h = Header {
            size: Some(64),
            elem: Some(Elem::UInt),
            hex: true,
            wo: true,
            file: Some("001-k.arg0.bin".into()),
            view: Some(View {
                store: 1,
                offset: 16,
            }),
            ..Header::default()
        };
        assert_eq!(
            h.tokens(),
            "size=64 uint hex wo file=001-k.arg0.bin in=1+16"
        );
        assert_eq!(parse_header(&h.tokens()).unwrap(), h);
        let l = LaunchHeader {
            dim: Some(2),
            offset: Some([1, 2, 0]),
            options: Some("-DX=a  b -cl-std=CL2.0 100%#<>".into()),
            source: Some("k.cl".into()),
            stores: vec![Store {
                size: 128,
                file: "s0.bin".into(),
            }],
            globals: vec![("counter".into(), "g.bin".into())],
            svm: vec![crate::sim::SvmStore {
                size: 100,
                address: 0x5555_0000_1040,
                file: "s.bin".into(),
            }],
        };
        assert!(l.tokens().ends_with(" svm=0:100:0x555500001040:s.bin"));
        assert_eq!(parse_launch_header(&l.tokens()).unwrap(), l);
        assert!(l
            .tokens()
            .contains(" options=-DX=a%20%20b%20-cl-std=CL2.0%20100%25%23%3C%3E "));
    }

    #[test]
    fn launch_header_errors() {
        let err = |t: &str| parse_launch_header(t).unwrap_err().to_string();
        assert_eq!(err("launch dims=2"), "Unrecognised launch token 'dims=2'");
        assert_eq!(err("launch bogus"), "Unrecognised launch token 'bogus'");
        assert_eq!(err("launch dim=4"), "Invalid value in launch token 'dim=4'");
        assert_eq!(
            err("launch offset=1,2"),
            "Invalid value in launch token 'offset=1,2'"
        );
        assert_eq!(
            err("launch options=%4"),
            "Invalid value in launch token 'options=%4'"
        );
        assert_eq!(
            err("launch store=1:4:f"),
            "Stores must be numbered from 0 in order ('store=1:4:f')"
        );
        assert_eq!(
            parse_header("size=4 launch").unwrap_err().to_string(),
            "The launch header must come before the first argument"
        );
        assert_eq!(
            parse_header("in=0").unwrap_err().to_string(),
            "Expected =STORE+OFFSET after 'in', as in in=0+4096"
        );
        let mut r = Reader::new("\n <launch dim=1>\n");
        assert!(r.at_launch_header());
        assert!(!Reader::new("<launcher>").at_launch_header());
        assert!(Reader::new("<launch>").at_launch_header());
    }
}
