//! Compiled programs kept between runs: the bitcode clang made of a source (with its build
//! log) under a key of everything that decides it — the source, the embedded headers, every
//! argument clang gets, and which clang — so that building an unchanged program again takes
//! no clang process. Headers the source includes from disk are recorded with their size and
//! modification time; an entry whose headers changed is a miss.
//!
//! The cache lives in `OCLGRIND_CACHE_DIR`, else `$XDG_CACHE_HOME/oclgrind`, else
//! `~/.cache/oclgrind`; `OCLGRIND_CACHE=0` turns it off. An entry that does not read back
//! (corrupt, cut short, from another version) is a miss and is written anew. Entries are
//! written beside their place and renamed into it, so readers never see half of one; past
//! `MAX_ENTRIES` the oldest quarter goes.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::UNIX_EPOCH;

use super::Compiled;

/// The first bytes of an entry: the format, and its version.
const MAGIC: &[u8; 8] = b"OCLGBC01";

/// How many entries the directory keeps at most.
const MAX_ENTRIES: usize = 4096;

/// A file an entry depends on, as it was when the entry was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dependency {
    pub path: PathBuf,
    pub size: u64,
    pub modified: (i64, u32),
}

impl Dependency {
    /// The file as it is now (`None` if it cannot be read).
    pub fn of(path: &Path) -> Option<Dependency> {
        let meta = std::fs::metadata(path).ok()?;
        let modified = meta.modified().ok()?;
        let since = modified.duration_since(UNIX_EPOCH).ok()?;
        Some(Dependency {
            path: path.to_path_buf(),
            size: meta.len(),
            modified: (since.as_secs() as i64, since.subsec_nanos()),
        })
    }

    fn unchanged(&self) -> bool {
        Dependency::of(&self.path).as_ref() == Some(self)
    }
}

/// The cache directory, when caching is on.
pub struct BuildCache {
    dir: PathBuf,
}

/// FNV-1a over 128 bits: a key that stays the same from one build of the simulator to the
/// next (unlike std's hasher, whose algorithm may change).
struct KeyHasher(u128);

impl KeyHasher {
    fn new() -> KeyHasher {
        KeyHasher(0x6c62272e07bb014262b821756295c58d)
    }

    fn bytes(&mut self, data: &[u8]) {
        for &b in data {
            self.0 ^= b as u128;
            self.0 = self.0.wrapping_mul(0x0000000001000000000000000000013b);
        }
    }

    /// A piece of the key, with its length first, so that pieces cannot run into each other.
    fn piece(&mut self, data: &[u8]) {
        self.bytes(&(data.len() as u64).to_le_bytes());
        self.bytes(data);
    }
}

/// Where to find `program` the way a shell would, and what it is now.
fn executable(program: &str) -> Option<Dependency> {
    if program.contains('/') {
        return Dependency::of(Path::new(program));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
        .and_then(|p| Dependency::of(&std::fs::canonicalize(&p).unwrap_or(p)))
}

impl BuildCache {
    /// The cache the environment asks for, if any and if its directory can be made.
    pub fn from_env() -> Option<BuildCache> {
        if std::env::var("OCLGRIND_CACHE").is_ok_and(|v| v == "0") {
            return None;
        }
        let dir = match std::env::var_os("OCLGRIND_CACHE_DIR").filter(|d| !d.is_empty()) {
            Some(d) => PathBuf::from(d),
            None => std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?
                .join("oclgrind"),
        };
        std::fs::create_dir_all(&dir).ok()?;
        Some(BuildCache { dir })
    }

    /// The key of a build: the compiler (`clang`, as it is on disk now), its arguments, the
    /// source and the embedded headers. `None` when the compiler cannot be found.
    pub fn key(
        clang: &str,
        args: &[String],
        source: &str,
        headers: &[(String, String)],
    ) -> Option<String> {
        let compiler = executable(clang)?;
        let mut h = KeyHasher::new();
        h.piece(MAGIC);
        h.piece(env!("CARGO_PKG_VERSION").as_bytes());
        h.piece(compiler.path.as_os_str().as_encoded_bytes());
        h.piece(&compiler.size.to_le_bytes());
        h.piece(&compiler.modified.0.to_le_bytes());
        h.piece(&compiler.modified.1.to_le_bytes());
        h.piece(&(args.len() as u64).to_le_bytes());
        for a in args {
            h.piece(a.as_bytes());
        }
        h.piece(source.as_bytes());
        for (name, text) in headers {
            h.piece(name.as_bytes());
            h.piece(text.as_bytes());
        }
        Some(format!("{:032x}", h.0))
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.bc"))
    }

    /// The build of `key`, if the cache has it and the files it included are unchanged.
    pub fn get(&self, key: &str) -> Option<Compiled> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        let (deps, compiled) = decode(&bytes)?;
        deps.iter().all(Dependency::unchanged).then_some(compiled)
    }

    /// Keeps a build (silently not, if the directory cannot be written).
    pub fn put(&self, key: &str, compiled: &Compiled, deps: &[Dependency]) {
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let path = self.path(key);
        // Each write its own partial file: two threads may build the same program at once.
        let n = WRITES.fetch_add(1, Relaxed);
        let partial = self
            .dir
            .join(format!("{key}.{}.{n}.partial", std::process::id()));
        let written = std::fs::write(&partial, encode(deps, compiled))
            .and_then(|()| std::fs::rename(&partial, &path));
        if written.is_err() {
            let _ = std::fs::remove_file(&partial);
            return;
        }
        self.prune();
    }

    /// Past `MAX_ENTRIES`, removes the oldest quarter.
    fn prune(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "bc"))
            .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
            .collect();
        if files.len() <= MAX_ENTRIES {
            return;
        }
        files.sort();
        for (_, path) in files.iter().take(files.len() / 4) {
            let _ = std::fs::remove_file(path);
        }
    }
}

fn put_bytes(out: &mut Vec<u8>, data: &[u8]) {
    out.extend_from_slice(&(data.len() as u64).to_le_bytes());
    out.extend_from_slice(data);
}

fn encode(deps: &[Dependency], c: &Compiled) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&(deps.len() as u64).to_le_bytes());
    for d in deps {
        put_bytes(&mut out, d.path.as_os_str().as_encoded_bytes());
        out.extend_from_slice(&d.size.to_le_bytes());
        out.extend_from_slice(&d.modified.0.to_le_bytes());
        out.extend_from_slice(&d.modified.1.to_le_bytes());
    }
    put_bytes(&mut out, c.log.as_bytes());
    match &c.summary {
        Some(s) => {
            out.push(1);
            put_bytes(&mut out, s.as_bytes());
        }
        None => out.push(0),
    }
    put_bytes(&mut out, &c.bitcode);
    out
}

/// Reads an entry back; `None` for anything that is not one, whole.
fn decode(bytes: &[u8]) -> Option<(Vec<Dependency>, Compiled)> {
    let mut r = Reader(bytes.strip_prefix(MAGIC)?);
    let count = r.u64()?;
    let mut deps = Vec::new();
    for _ in 0..count {
        let path = PathBuf::from(String::from_utf8(r.bytes()?.to_vec()).ok()?);
        deps.push(Dependency {
            path,
            size: r.u64()?,
            modified: (
                r.u64()? as i64,
                u32::from_le_bytes(r.take(4)?.try_into().ok()?),
            ),
        });
    }
    let log = String::from_utf8(r.bytes()?.to_vec()).ok()?;
    let summary = match r.take(1)?[0] {
        0 => None,
        1 => Some(String::from_utf8(r.bytes()?.to_vec()).ok()?),
        _ => return None,
    };
    let bitcode = r.bytes()?.to_vec();
    // LLVM bitcode starts with 'BC' 0xC0DE; and nothing may follow it.
    if !bitcode.starts_with(b"BC\xc0\xde") || !r.0.is_empty() {
        return None;
    }
    Some((
        deps,
        Compiled {
            bitcode,
            log,
            summary,
        },
    ))
}

/// Bounds-checked reads from an entry.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.0.len() {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u64()?).ok()?;
        self.take(n)
    }
}

/// The files a make-style dependency list (clang's `-MMD -MF`) names after its target, less
/// those `keep` rejects.
pub fn dependencies(make: &str, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let Some((_, list)) = make.split_once(": ") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = list.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // An escaped space belongs to the name; a backslash before a newline continues.
            '\\' if chars.peek() == Some(&' ') => {
                current.push(' ');
                chars.next();
            }
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            c if c.is_whitespace() => {
                if !current.is_empty() {
                    out.push(PathBuf::from(std::mem::take(&mut current)));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(PathBuf::from(current));
    }
    out.retain(|p| keep(p));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compiled() -> Compiled {
        Compiled {
            bitcode: b"BC\xc0\xde and the rest".to_vec(),
            log: "input.cl:1:1: warning: w\n".into(),
            summary: Some("1 warning generated.".into()),
        }
    }

    #[test]
    fn an_entry_reads_back_and_nothing_else_does() {
        let deps = vec![Dependency {
            path: "/tmp/a b.h".into(),
            size: 12,
            modified: (1_700_000_000, 5),
        }];
        let bytes = encode(&deps, &compiled());
        let (d, c) = decode(&bytes).expect("reads back");
        assert_eq!(d, deps);
        assert_eq!(
            (c.bitcode, c.log, c.summary),
            (compiled().bitcode, compiled().log, compiled().summary)
        );
        // Cut short anywhere, with a byte more, or with another magic: not an entry.
        for n in 0..bytes.len() {
            assert!(decode(&bytes[..n]).is_none(), "cut at {n}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer).is_none());
        let mut other = bytes.clone();
        other[7] = b'2';
        assert!(decode(&other).is_none());
        // Bytes that are no bitcode.
        let mut not_bitcode = compiled();
        not_bitcode.bitcode = b"garbage".to_vec();
        assert!(decode(&encode(&[], &not_bitcode)).is_none());
    }

    #[test]
    fn keys_change_with_every_input() {
        let key = |args: &[&str], source: &str, headers: &[(&str, &str)]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let headers: Vec<(String, String)> = headers
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect();
            BuildCache::key("/bin/sh", &args, source, &headers).expect("a compiler")
        };
        let base = key(&["-O2"], "kernel void k() {}", &[]);
        assert_eq!(base, key(&["-O2"], "kernel void k() {}", &[]), "stable");
        assert_eq!(base.len(), 32);
        for other in [
            key(&["-O0"], "kernel void k() {}", &[]),
            key(&["-O2", ""], "kernel void k() {}", &[]),
            key(&["-O2"], "kernel void k() { }", &[]),
            key(&["-O2"], "kernel void k() {}", &[("h.h", "")]),
            // Pieces cannot run into each other.
            key(&["-O", "2"], "kernel void k() {}", &[]),
        ] {
            assert_ne!(base, other);
        }
        assert_eq!(BuildCache::key("no-such-compiler-here", &[], "", &[]), None);
    }

    #[test]
    fn make_dependencies() {
        let make = "output.bc: input.cl /work/inc/a.h \\\n  /work/my\\ dir/b.h \\\n  sub/c.h\n";
        assert_eq!(
            dependencies(make, |p| p != Path::new("input.cl")),
            vec![
                PathBuf::from("/work/inc/a.h"),
                PathBuf::from("/work/my dir/b.h"),
                PathBuf::from("sub/c.h")
            ]
        );
        assert!(dependencies("", |_| true).is_empty());
    }
}
