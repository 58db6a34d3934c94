//! Program binaries: linking compiled modules, and the tag that says what kind of binary a
//! module is (compiled object, library or executable), kept inside the bitcode so a binary
//! handed out by the runtime says what it is when it comes back.

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::values::BasicMetadataValueEnum;

const TAG: &str = "oclgrind.binary_type";

/// Why binaries cannot be linked or tagged: LLVM's message where LLVM refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BinaryError {
    #[error("no modules to link")]
    NoModules,
    /// The bitcode does not parse.
    #[error("{0}")]
    Parse(String),
    #[error("{0}")]
    Link(String),
    #[error("{0}")]
    Tag(String),
}

fn parse<'c>(ctx: &'c Context, bitcode: &[u8]) -> Result<Module<'c>, BinaryError> {
    let buffer = MemoryBuffer::create_from_memory_range_copy(bitcode, "input");
    Module::parse_bitcode_from_buffer(&buffer, ctx).map_err(|e| BinaryError::Parse(e.to_string()))
}

fn write(m: &Module) -> Vec<u8> {
    m.write_bitcode_to_memory().as_slice().to_vec()
}

fn set_tag<'c>(ctx: &'c Context, m: &Module<'c>, kind: &str) -> Result<(), BinaryError> {
    let node = ctx.metadata_node(&[BasicMetadataValueEnum::MetadataValue(
        ctx.metadata_string(kind),
    )]);
    m.add_global_metadata(TAG, &node)
        .map_err(|e| BinaryError::Tag(e.to_string()))
}

/// A linked module and the functions it calls but nobody defines.
pub struct Linked {
    pub bitcode: Vec<u8>,
    pub undefined: Vec<String>,
}

/// Whether a declared function is provided by the simulator (builtins, intrinsics, printf)
/// rather than expected from another module. OpenCL C user functions are not mangled.
fn is_provided(name: &str) -> bool {
    name.starts_with("_Z")
        || name.starts_with("llvm.")
        || name.starts_with("__")
        || name == "printf"
}

/// Links modules into one and tags it with `kind`.
pub fn link(modules: &[&[u8]], kind: &str) -> Result<Linked, BinaryError> {
    let ctx = Context::create();
    let (first, rest) = modules.split_first().ok_or(BinaryError::NoModules)?;
    let linked = parse(&ctx, first)?;
    for m in rest {
        linked
            .link_in_module(parse(&ctx, m)?)
            .map_err(|e| BinaryError::Link(e.to_string()))?;
    }
    let undefined = linked
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .filter_map(|f| f.get_name().to_str().ok().map(str::to_string))
        .filter(|n| !is_provided(n))
        .collect();
    set_tag(&ctx, &linked, kind)?;
    Ok(Linked {
        bitcode: write(&linked),
        undefined,
    })
}

/// Returns the bitcode tagged with `kind`.
pub fn tag(bitcode: &[u8], kind: &str) -> Result<Vec<u8>, BinaryError> {
    let ctx = Context::create();
    let m = parse(&ctx, bitcode)?;
    set_tag(&ctx, &m, kind)?;
    Ok(write(&m))
}

/// The kind a binary was tagged with (the latest tag, after links), if any; `Err` if it is
/// not bitcode at all.
pub fn tag_of(bitcode: &[u8]) -> Result<Option<String>, BinaryError> {
    let ctx = Context::create();
    let m = parse(&ctx, bitcode)?;
    let kind = m.get_global_metadata(TAG).last().and_then(|node| {
        node.get_node_values().first().and_then(|v| match v {
            BasicMetadataValueEnum::MetadataValue(s) => s
                .get_string_value()
                .and_then(|c| c.to_str().ok())
                .map(str::to_string),
            _ => None,
        })
    });
    Ok(kind)
}
