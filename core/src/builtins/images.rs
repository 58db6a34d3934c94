//! OpenCL C image functions (OpenCL C §6.15.15): `read_image{f,i,ui}` with and without a
//! sampler, `write_image{f,i,ui}`, the `get_image_*` queries and `__translate_sampler_initializer`.
//!
//! An image handle is the global address of an `ImageDesc` (image.rs); a sampler handle is its
//! bits. Geometry (1D, 2D, arrays, 3D, depth) comes from the mangled parameter type, the format
//! and sizes from the descriptor, which is read on every call because the same code may see
//! different images. Addressing and filtering follow the "Image addressing and filtering"
//! appendix of the OpenCL API specification, computed in `float` as it prescribes.

use super::{site, Arg, BuiltinEnv, Call, Emit, MType, Misuse, Problem, Resolution, Trap};
use crate::bytecode::{Op, ScalarTy};
use crate::half::{self, Round};
use crate::image::{self, channel, order, sampler, ImageDesc};
use crate::memory::AddrSpace;
use crate::semantics::{f32_of, mask, sext};

/// Texel representation of a builtin (its suffix) or of a channel data type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Float,
    Int,
    UInt,
}

impl Kind {
    fn suffix(self) -> &'static str {
        match self {
            Kind::Float => "f",
            Kind::Int => "i",
            Kind::UInt => "ui",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Geom {
    D1,
    D1Buffer,
    D1Array,
    D2,
    D2Array,
    D3,
}

impl Geom {
    /// Coordinates that address pixels within one layer.
    fn dims(self) -> usize {
        match self {
            Geom::D1 | Geom::D1Buffer | Geom::D1Array => 1,
            Geom::D2 | Geom::D2Array => 2,
            Geom::D3 => 3,
        }
    }

    /// Which coordinate lane selects the array layer.
    fn layer_lane(self) -> Option<usize> {
        match self {
            Geom::D1Array => Some(1),
            Geom::D2Array => Some(2),
            _ => None,
        }
    }

    /// Lanes a coordinate must have.
    fn coord_lanes(self) -> u32 {
        match self {
            Geom::D1 | Geom::D1Buffer => 1,
            Geom::D1Array | Geom::D2 => 2,
            Geom::D2Array | Geom::D3 => 4,
        }
    }
}

/// What the mangled image parameter says about the image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ImageType {
    geom: Geom,
    /// Depth images read and write a single float instead of a 4-vector.
    depth: bool,
}

impl ImageType {
    fn parse(t: &MType) -> Option<ImageType> {
        let MType::Named(name) = t else {
            return None;
        };
        let base = name.strip_prefix("ocl_")?;
        let base = ["_ro", "_wo", "_rw"]
            .iter()
            .find_map(|s| base.strip_suffix(s))?;
        let (geom, depth) = match base {
            "image1d" => (Geom::D1, false),
            "image1d_buffer" => (Geom::D1Buffer, false),
            "image1d_array" => (Geom::D1Array, false),
            "image2d" => (Geom::D2, false),
            "image2d_array" => (Geom::D2Array, false),
            "image3d" => (Geom::D3, false),
            "image2d_depth" => (Geom::D2, true),
            "image2d_array_depth" => (Geom::D2Array, true),
            _ => return None,
        };
        Some(ImageType { geom, depth })
    }

    /// Lanes of a colour read or written.
    fn color_lanes(self) -> u32 {
        if self.depth {
            1
        } else {
            4
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Query {
    Width,
    Height,
    Depth,
    ArraySize,
    Dim,
    DataType,
    Order,
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let r = match call.name.as_str() {
        "__translate_sampler_initializer" => translate_sampler(call, emit),
        "read_imagef" => read(call, emit, Kind::Float, ScalarTy::F32),
        // `half` colours are float colours rounded to half, or widened from it.
        "read_imageh" => read(call, emit, Kind::Float, ScalarTy::F16),
        "read_imagei" => read(call, emit, Kind::Int, ScalarTy::Int(32)),
        "read_imageui" => read(call, emit, Kind::UInt, ScalarTy::Int(32)),
        "write_imagef" => write(call, emit, Kind::Float, ScalarTy::F32),
        "write_imageh" => write(call, emit, Kind::Float, ScalarTy::F16),
        "write_imagei" => write(call, emit, Kind::Int, ScalarTy::Int(32)),
        "write_imageui" => write(call, emit, Kind::UInt, ScalarTy::Int(32)),
        "get_image_width" => query(call, emit, Query::Width),
        "get_image_height" => query(call, emit, Query::Height),
        "get_image_depth" => query(call, emit, Query::Depth),
        "get_image_array_size" => query(call, emit, Query::ArraySize),
        "get_image_dim" => query(call, emit, Query::Dim),
        "get_image_channel_data_type" => query(call, emit, Query::DataType),
        "get_image_channel_order" => query(call, emit, Query::Order),
        _ => return None,
    };
    Some(r)
}

/// A sampler initializer is already the sampler's bits, which is what a sampler handle holds.
fn translate_sampler(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let a = call.arg(0)?;
    let r = call.ret()?;
    emit.op(Op::Mov {
        d: r.slot,
        s: a.slot,
    });
    Ok(())
}

fn image_type(call: &Call) -> Result<ImageType, Misuse> {
    ImageType::parse(call.param(0))
        .ok_or_else(|| call.misuse(Problem::ImageType(call.param(0).clone())))
}

/// A result or argument of the given element type with enough lanes.
fn check_vec(
    call: &Call,
    a: Arg,
    what: &'static str,
    elem: ScalarTy,
    lanes: u32,
) -> Result<(), Misuse> {
    if a.ty.elem != elem || a.lanes() < lanes {
        return Err(call.misuse(Problem::Shape {
            what,
            lanes: a.lanes(),
            elem: a.ty.elem,
            expected_lanes: lanes,
            expected_elem: elem,
        }));
    }
    Ok(())
}

/// The element type of a coordinate.
fn coord_elem(float: bool) -> ScalarTy {
    if float {
        ScalarTy::F32
    } else {
        ScalarTy::Int(32)
    }
}

/// `read_image{f,h,i,ui}`; `color` is the element type of the colour returned.
fn read(call: &Call, emit: &mut dyn Emit, kind: Kind, color: ScalarTy) -> Resolution {
    let ity = image_type(call)?;
    let has_sampler = matches!(call.param(1), MType::Named(n) if n == "ocl_sampler");
    let ci = if has_sampler { 2 } else { 1 };
    let coord = call.arg(ci)?;
    let coord_float = match call.param(ci).element() {
        MType::Float => true,
        MType::Int => false,
        t => return Err(call.misuse(Problem::CoordinateType(t.clone()))),
    };
    if coord_float && !has_sampler {
        return Err(call.misuse(Problem::NoSampler));
    }
    check_vec(
        call,
        coord,
        "the coordinate",
        coord_elem(coord_float),
        ity.geom.coord_lanes(),
    )?;
    let ret = call.ret()?;
    check_vec(call, ret, "the result", color, ity.color_lanes())?;
    let to_half = color == ScalarTy::F16;
    if ity.depth && kind != Kind::Float {
        return Err(call.misuse(Problem::DepthRead));
    }
    let img = call.arg(0)?;
    let smp = if has_sampler {
        Some(call.arg(1)?)
    } else {
        None
    };
    let name = call.name.clone();
    let lanes = ret.lanes().min(4) as usize;
    let coord_lanes = coord.lanes().min(4) as usize;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let handle = regs[img.slot as usize];
        // A sampler-less read behaves as unnormalized, nearest, no addressing.
        let bits = smp.map_or(sampler::ADDRESS_NONE | sampler::FILTER_NEAREST, |s| {
            regs[s.slot as usize] as u32
        });
        let mut c = [0u64; 4];
        c[..coord_lanes].copy_from_slice(&regs[coord.slot as usize..][..coord_lanes]);
        let texel = match load_desc(env, handle) {
            Some(desc) => {
                let at = Coords::new(c, coord_float);
                read_texel(env, &desc, ity.geom, kind, bits, at)
                    .map_err(|e| Trap(format!("{name}: {e}")))?
            }
            None => [0; 4],
        };
        let regs = env.regs();
        for (slot, v) in regs[ret.slot as usize..][..lanes].iter_mut().zip(texel) {
            *slot = if to_half {
                half::from_f64(f32::from_bits(v) as f64) as u64
            } else {
                v as u64
            };
        }
        Ok(())
    }));
    Ok(())
}

/// `write_image{f,h,i,ui}`; `elem` is the element type of the colour taken.
fn write(call: &Call, emit: &mut dyn Emit, kind: Kind, elem: ScalarTy) -> Resolution {
    let ity = image_type(call)?;
    let img = call.arg(0)?;
    let coord = call.arg(1)?;
    check_vec(
        call,
        coord,
        "the coordinate",
        coord_elem(false),
        ity.geom.coord_lanes(),
    )?;
    let color = call.arg(2)?;
    check_vec(call, color, "the colour", elem, ity.color_lanes())?;
    let from_half = elem == ScalarTy::F16;
    if ity.depth && kind != Kind::Float {
        return Err(call.misuse(Problem::DepthWrite));
    }
    let name = call.name.clone();
    let color_lanes = color.lanes().min(4) as usize;
    let coord_lanes = coord.lanes().min(4) as usize;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let handle = regs[img.slot as usize];
        let mut c = [0i64; 4];
        for (v, s) in c
            .iter_mut()
            .zip(&regs[coord.slot as usize..][..coord_lanes])
        {
            *v = sext(*s, 32);
        }
        let mut value = [0u32; 4];
        for (v, s) in value
            .iter_mut()
            .zip(&regs[color.slot as usize..][..color_lanes])
        {
            *v = if from_half {
                half::to_f32(*s as u16).to_bits()
            } else {
                *s as u32
            };
        }
        if let Some(desc) = load_desc(env, handle) {
            write_texel(env, &desc, ity.geom, kind, c, value)
                .map_err(|e| Trap(format!("{name}: {e}")))?;
        }
        Ok(())
    }));
    Ok(())
}

fn query(call: &Call, emit: &mut dyn Emit, q: Query) -> Resolution {
    image_type(call)?;
    let img = call.arg(0)?;
    let ret = call.ret()?;
    let bits = match ret.ty.elem {
        ScalarTy::Int(b) => b,
        _ => return Err(call.misuse(Problem::Expected("integer result"))),
    };
    let lanes = ret.lanes() as usize;
    if matches!(q, Query::Dim) != (lanes > 1) || lanes > 4 {
        return Err(call.misuse(Problem::UnexpectedResultLanes(lanes)));
    }
    emit.site(site(call, move |env| {
        let handle = env.regs()[img.slot as usize];
        let d = load_desc(env, handle).unwrap_or_default();
        let values = match q {
            Query::Width => [d.width, 0, 0, 0],
            Query::Height => [d.height, 0, 0, 0],
            Query::Depth => [d.depth, 0, 0, 0],
            Query::ArraySize => [d.array_size, 0, 0, 0],
            // The fourth lane of a 3D image's int4 is 0.
            Query::Dim => [d.width, d.height, d.depth, 0],
            Query::DataType => [d.channel_type as u64, 0, 0, 0],
            Query::Order => [d.order as u64, 0, 0, 0],
        };
        let regs = env.regs();
        for (slot, v) in regs[ret.slot as usize..][..lanes].iter_mut().zip(values) {
            *slot = v & mask(bits);
        }
        Ok(())
    }));
    Ok(())
}

/// The descriptor behind a handle; `None` when it cannot be read (already reported by `load`).
fn load_desc(env: &mut dyn BuiltinEnv, handle: u64) -> Option<ImageDesc> {
    let mut b = [0u8; ImageDesc::SIZE];
    env.load(AddrSpace::Global, handle, &mut b)
        .then(|| ImageDesc::from_bytes(&b))
}

// ---------------------------------------------------------------------------------------------
// Formats

/// Where an (r, g, b, a) component comes from: a stored channel, or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Src {
    Chan(usize),
    Zero,
    One,
}

/// A descriptor's format, checked and decoded once per call.
#[derive(Clone, Copy, Debug)]
struct Format {
    ty: u32,
    kind: Kind,
    /// Channels stored per pixel (3 for the packed RGB formats).
    channels: usize,
    pixel: usize,
    /// Source of each of (r, g, b, a) when reading (OpenCL C's channel order table).
    map: [Src; 4],
    /// Orders with alpha (or without a defined one) have border colour (0, 0, 0, 0); the
    /// others (0, 0, 0, 1).
    zero_alpha_border: bool,
}

fn order_name(o: u32) -> String {
    let n = match o {
        order::R => "CL_R",
        order::A => "CL_A",
        order::RG => "CL_RG",
        order::RA => "CL_RA",
        order::RGB => "CL_RGB",
        order::RGBA => "CL_RGBA",
        order::BGRA => "CL_BGRA",
        order::ARGB => "CL_ARGB",
        order::INTENSITY => "CL_INTENSITY",
        order::LUMINANCE => "CL_LUMINANCE",
        order::RX => "CL_Rx",
        order::RGX => "CL_RGx",
        order::RGBX => "CL_RGBx",
        order::DEPTH => "CL_DEPTH",
        order::SRGB => "CL_sRGB",
        order::SRGBX => "CL_sRGBx",
        order::SRGBA => "CL_sRGBA",
        order::SBGRA => "CL_sBGRA",
        order::ABGR => "CL_ABGR",
        _ => return format!("channel order 0x{o:X}"),
    };
    n.to_string()
}

fn type_name(t: u32) -> String {
    let n = match t {
        channel::SNORM_INT8 => "CL_SNORM_INT8",
        channel::SNORM_INT16 => "CL_SNORM_INT16",
        channel::UNORM_INT8 => "CL_UNORM_INT8",
        channel::UNORM_INT16 => "CL_UNORM_INT16",
        channel::UNORM_SHORT_565 => "CL_UNORM_SHORT_565",
        channel::UNORM_SHORT_555 => "CL_UNORM_SHORT_555",
        channel::UNORM_INT_101010 => "CL_UNORM_INT_101010",
        channel::SIGNED_INT8 => "CL_SIGNED_INT8",
        channel::SIGNED_INT16 => "CL_SIGNED_INT16",
        channel::SIGNED_INT32 => "CL_SIGNED_INT32",
        channel::UNSIGNED_INT8 => "CL_UNSIGNED_INT8",
        channel::UNSIGNED_INT16 => "CL_UNSIGNED_INT16",
        channel::UNSIGNED_INT32 => "CL_UNSIGNED_INT32",
        channel::HALF_FLOAT => "CL_HALF_FLOAT",
        channel::FLOAT => "CL_FLOAT",
        _ => return format!("channel data type 0x{t:X}"),
    };
    n.to_string()
}

/// Why an image cannot be read or written as a call asks: reported when the call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
enum AccessError {
    #[error("sRGB images ({}) are not supported", order_name(*.0))]
    Srgb(u32),
    #[error("unsupported image {}", order_name(*.0))]
    Order(u32),
    #[error("unsupported image format ({}, {})", order_name(*.order), type_name(*.channel_type))]
    Format { order: u32, channel_type: u32 },
    /// The builtin's suffix does not match the channel data type.
    #[error("images of {} are accessed with {op}_image{}", type_name(*.channel_type), .kind.suffix())]
    Builtin {
        channel_type: u32,
        op: &'static str,
        kind: Kind,
    },
    #[error("unsupported sampler addressing mode 0x{0:X}")]
    Addressing(u32),
}

impl Format {
    fn of(d: &ImageDesc) -> Result<Format, AccessError> {
        use Src::*;
        let (map, zero_alpha_border) = match d.order {
            order::R | order::RX => ([Chan(0), Zero, Zero, One], d.order == order::RX),
            order::DEPTH => ([Chan(0), Zero, Zero, One], true),
            order::A => ([Zero, Zero, Zero, Chan(0)], true),
            order::RG => ([Chan(0), Chan(1), Zero, One], false),
            order::RGX => ([Chan(0), Chan(1), Zero, One], true),
            order::RA => ([Chan(0), Zero, Zero, Chan(1)], true),
            order::RGB => ([Chan(0), Chan(1), Chan(2), One], false),
            order::RGBX => ([Chan(0), Chan(1), Chan(2), One], true),
            order::RGBA => ([Chan(0), Chan(1), Chan(2), Chan(3)], true),
            // Memory holds b, g, r, a.
            order::BGRA => ([Chan(2), Chan(1), Chan(0), Chan(3)], true),
            // Memory holds a, r, g, b.
            order::ARGB => ([Chan(1), Chan(2), Chan(3), Chan(0)], true),
            // Memory holds a, b, g, r.
            order::ABGR => ([Chan(3), Chan(2), Chan(1), Chan(0)], true),
            order::INTENSITY => ([Chan(0), Chan(0), Chan(0), Chan(0)], true),
            order::LUMINANCE => ([Chan(0), Chan(0), Chan(0), One], false),
            order::SRGB | order::SRGBX | order::SRGBA | order::SBGRA => {
                return Err(AccessError::Srgb(d.order))
            }
            o => return Err(AccessError::Order(o)),
        };
        let kind = match d.channel_type {
            channel::SIGNED_INT8 | channel::SIGNED_INT16 | channel::SIGNED_INT32 => Kind::Int,
            channel::UNSIGNED_INT8 | channel::UNSIGNED_INT16 | channel::UNSIGNED_INT32 => {
                Kind::UInt
            }
            _ => Kind::Float,
        };
        let unsupported = || AccessError::Format {
            order: d.order,
            channel_type: d.channel_type,
        };
        let pixel = image::pixel_size(d.order, d.channel_type).ok_or_else(unsupported)? as usize;
        let channels = image::channels(d.order).ok_or_else(unsupported)? as usize;
        if pixel > 16 || channels > 4 {
            return Err(unsupported());
        }
        Ok(Format {
            ty: d.channel_type,
            kind,
            channels,
            pixel,
            map,
            zero_alpha_border,
        })
    }

    /// The builtin must match the channel data type (`read_imagef` for normalized and float
    /// types, `_i` for signed, `_ui` for unsigned integers); other pairings are undefined.
    fn check(&self, op: &'static str, kind: Kind) -> Result<(), AccessError> {
        if self.kind == kind {
            return Ok(());
        }
        Err(AccessError::Builtin {
            channel_type: self.ty,
            op,
            kind: self.kind,
        })
    }

    /// Border colour as lane bits of `kind` (1 is 1.0f for float reads).
    fn border(&self) -> [u32; 4] {
        let one = self.one();
        [0, 0, 0, if self.zero_alpha_border { 0 } else { one }]
    }

    fn one(&self) -> u32 {
        match self.kind {
            Kind::Float => 1.0f32.to_bits(),
            _ => 1,
        }
    }

    /// Pixel bytes to (r, g, b, a) lane bits.
    fn decode(&self, b: &[u8]) -> [u32; 4] {
        let mut stored = [0u32; 4];
        let u16_at = |i: usize| u16::from_le_bytes([b[2 * i], b[2 * i + 1]]);
        let u32_at =
            |i: usize| u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
        let f = |x: f32| x.to_bits();
        match self.ty {
            channel::UNORM_SHORT_565 => {
                let v = u16_at(0) as u32;
                stored[0] = f((v >> 11 & 31) as f32 / 31.0);
                stored[1] = f((v >> 5 & 63) as f32 / 63.0);
                stored[2] = f((v & 31) as f32 / 31.0);
            }
            channel::UNORM_SHORT_555 => {
                let v = u16_at(0) as u32;
                stored[0] = f((v >> 10 & 31) as f32 / 31.0);
                stored[1] = f((v >> 5 & 31) as f32 / 31.0);
                stored[2] = f((v & 31) as f32 / 31.0);
            }
            channel::UNORM_INT_101010 => {
                let v = u32_at(0);
                stored[0] = f((v >> 20 & 1023) as f32 / 1023.0);
                stored[1] = f((v >> 10 & 1023) as f32 / 1023.0);
                stored[2] = f((v & 1023) as f32 / 1023.0);
            }
            ty => {
                for (i, s) in stored.iter_mut().enumerate().take(self.channels) {
                    *s = match ty {
                        channel::SNORM_INT8 => f((b[i] as i8 as f32 / 127.0).max(-1.0)),
                        channel::UNORM_INT8 => f(b[i] as f32 / 255.0),
                        channel::SNORM_INT16 => f((u16_at(i) as i16 as f32 / 32767.0).max(-1.0)),
                        channel::UNORM_INT16 => f(u16_at(i) as f32 / 65535.0),
                        channel::SIGNED_INT8 => b[i] as i8 as i32 as u32,
                        channel::UNSIGNED_INT8 => b[i] as u32,
                        channel::SIGNED_INT16 => u16_at(i) as i16 as i32 as u32,
                        channel::UNSIGNED_INT16 => u16_at(i) as u32,
                        channel::HALF_FLOAT => f(half::to_f32(u16_at(i))),
                        // 32-bit integers and floats are stored as their lane bits.
                        _ => u32_at(i),
                    };
                }
            }
        }
        let one = self.one();
        self.map.map(|s| match s {
            Src::Chan(i) => stored[i],
            Src::Zero => 0,
            Src::One => one,
        })
    }

    /// (r, g, b, a) lane bits to pixel bytes; returns the pixel size.
    fn encode(&self, color: [u32; 4], out: &mut [u8; 16]) -> usize {
        // Each stored channel takes the first component that reads back from it, so INTENSITY
        // and LUMINANCE store r.
        let mut stored = [0u32; 4];
        let mut set = [false; 4];
        for (src, v) in self.map.iter().zip(color) {
            if let Src::Chan(i) = *src {
                if !set[i] {
                    stored[i] = v;
                    set[i] = true;
                }
            }
        }
        let f = f32::from_bits;
        match self.ty {
            channel::UNORM_SHORT_565 => {
                let v = (unorm(f(stored[0]), 31.0) << 11)
                    | (unorm(f(stored[1]), 63.0) << 5)
                    | unorm(f(stored[2]), 31.0);
                out[..2].copy_from_slice(&(v as u16).to_le_bytes());
            }
            channel::UNORM_SHORT_555 => {
                let v = (unorm(f(stored[0]), 31.0) << 10)
                    | (unorm(f(stored[1]), 31.0) << 5)
                    | unorm(f(stored[2]), 31.0);
                out[..2].copy_from_slice(&(v as u16).to_le_bytes());
            }
            channel::UNORM_INT_101010 => {
                let v = (unorm(f(stored[0]), 1023.0) << 20)
                    | (unorm(f(stored[1]), 1023.0) << 10)
                    | unorm(f(stored[2]), 1023.0);
                out[..4].copy_from_slice(&(v as u32).to_le_bytes());
            }
            ty => {
                for (i, &v) in stored.iter().enumerate().take(self.channels) {
                    let signed = v as i32;
                    match ty {
                        channel::SNORM_INT8 => out[i] = snorm(f(v), 127.0) as u8,
                        channel::UNORM_INT8 => out[i] = unorm(f(v), 255.0) as u8,
                        channel::SIGNED_INT8 => out[i] = signed.clamp(-128, 127) as u8,
                        channel::UNSIGNED_INT8 => out[i] = v.min(255) as u8,
                        _ => {
                            let h = match ty {
                                channel::SNORM_INT16 => snorm(f(v), 32767.0) as u16,
                                channel::UNORM_INT16 => unorm(f(v), 65535.0) as u16,
                                channel::SIGNED_INT16 => signed.clamp(-32768, 32767) as u16,
                                channel::UNSIGNED_INT16 => v.min(65535) as u16,
                                channel::HALF_FLOAT => half::round_f64(f(v) as f64, Round::Rte),
                                _ => {
                                    // 32-bit integers and floats store their lane bits.
                                    out[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
                                    continue;
                                }
                            };
                            out[2 * i..2 * i + 2].copy_from_slice(&h.to_le_bytes());
                        }
                    }
                }
            }
        }
        self.pixel
    }
}

/// `convert_<unsigned>_sat_rte(x * max)`, the spec's float-to-UNORM rule (the product is a
/// float, and NaN becomes 0 as saturating conversions require).
fn unorm(x: f32, max: f32) -> u64 {
    let y = x * max;
    if y.is_nan() {
        return 0;
    }
    y.round_ties_even().clamp(0.0, max) as u64
}

/// `convert_<signed>_sat_rte(x * max)`, the spec's float-to-SNORM rule; the stored range is
/// [-max - 1, max].
fn snorm(x: f32, max: f32) -> i64 {
    let y = x * max;
    if y.is_nan() {
        return 0;
    }
    y.round_ties_even().clamp(-max - 1.0, max) as i64
}

// ---------------------------------------------------------------------------------------------
// Addressing

/// An image being accessed: its descriptor, format and geometry.
struct Image<'a> {
    desc: &'a ImageDesc,
    fmt: Format,
    geom: Geom,
}

/// Saturating u64 to i64, so that absurd sizes in a descriptor cannot overflow index maths.
fn signed(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Image<'_> {
    /// Pixels along axis `d` (width, height, depth).
    fn size(&self, d: usize) -> i64 {
        signed(match d {
            0 => self.desc.width,
            1 => self.desc.height,
            _ => self.desc.depth,
        })
    }

    fn layers(&self) -> i64 {
        signed(self.desc.array_size)
    }

    /// `clamp(layer, 0, layers - 1)`, the layer any read of an array image uses.
    fn clamp_layer(&self, layer: i64) -> i64 {
        layer.min(self.layers() - 1).max(0)
    }

    /// Address of pixel `i` of `layer`, or `None` outside the image.
    fn addr(&self, i: [i64; 3], layer: i64) -> Option<u64> {
        let dims = self.geom.dims();
        for (d, &x) in i.iter().enumerate().take(dims) {
            if x < 0 || x >= self.size(d) {
                return None;
            }
        }
        let layer_pitch = match self.geom {
            // Layers of a 1D array are `image_slice_pitch` apart, as in the OpenCL API.
            Geom::D1Array => self.desc.slice_pitch,
            Geom::D2Array => self.desc.slice_pitch,
            _ => 0,
        };
        if self.geom.layer_lane().is_some() && (layer < 0 || layer >= self.layers()) {
            return None;
        }
        let at = |d: usize| if d < dims { i[d] as u64 } else { 0 };
        let offset = at(0)
            .wrapping_mul(self.fmt.pixel as u64)
            .wrapping_add(at(1).wrapping_mul(self.desc.row_pitch))
            .wrapping_add(at(2).wrapping_mul(self.desc.slice_pitch))
            .wrapping_add((layer as u64).wrapping_mul(layer_pitch));
        Some(self.desc.data.wrapping_add(offset))
    }

    /// The texel at `i`, or the border colour outside the image; zeros if memory refuses
    /// the load (the fault is already reported).
    fn fetch(&self, env: &mut dyn BuiltinEnv, i: [i64; 3], layer: i64) -> [u32; 4] {
        let Some(addr) = self.addr(i, layer) else {
            return self.fmt.border();
        };
        let mut buf = [0u8; 16];
        if !env.load(AddrSpace::Global, addr, &mut buf[..self.fmt.pixel]) {
            return [0; 4];
        }
        self.fmt.decode(&buf)
    }
}

/// A read's coordinate lanes, as integers or floats.
#[derive(Clone, Copy, Debug)]
enum Coords {
    Int([i64; 4]),
    Float([f32; 4]),
}

impl Coords {
    fn new(lanes: [u64; 4], float: bool) -> Coords {
        if float {
            Coords::Float(lanes.map(f32_of))
        } else {
            Coords::Int(lanes.map(|v| sext(v, 32)))
        }
    }

    fn as_float(self) -> [f32; 4] {
        match self {
            Coords::Int(c) => c.map(|v| v as f32),
            Coords::Float(c) => c,
        }
    }
}

/// `(int)x` for a float pixel index; saturates, and NaN gives 0, so nothing overflows.
fn to_index(x: f32) -> i64 {
    x as i64
}

/// Nearest-filtered pixel index along one axis of `n` pixels; may lie outside the image,
/// which then reads the border colour.
fn nearest_index(mode: u32, normalized: bool, s: f32, n: i64) -> i64 {
    let nf = n as f32;
    match mode {
        sampler::ADDRESS_REPEAT => {
            let i = to_index(((s - s.floor()) * nf).floor());
            if i > n - 1 {
                i - n
            } else {
                i
            }
        }
        sampler::ADDRESS_MIRRORED_REPEAT => {
            let m = (s - 2.0 * (0.5 * s).round_ties_even()).abs();
            to_index((m * nf).floor()).min(n - 1)
        }
        _ => {
            let u = if normalized { s * nf } else { s };
            let i = to_index(u.floor());
            if mode == sampler::ADDRESS_CLAMP_TO_EDGE {
                i.min(n - 1).max(0)
            } else {
                i
            }
        }
    }
}

/// The two pixel indices a linear filter blends along one axis, and the weight of the second.
fn linear_indices(mode: u32, normalized: bool, s: f32, n: i64) -> (i64, i64, f32) {
    let nf = n as f32;
    let frac = |t: f32| t - t.floor();
    match mode {
        sampler::ADDRESS_REPEAT => {
            let t = (s - s.floor()) * nf - 0.5;
            let mut i0 = to_index(t.floor());
            let mut i1 = i0.saturating_add(1);
            if i0 < 0 {
                i0 += n;
            }
            if i1 > n - 1 {
                i1 -= n;
            }
            (i0, i1, frac(t))
        }
        sampler::ADDRESS_MIRRORED_REPEAT => {
            let m = (s - 2.0 * (0.5 * s).round_ties_even()).abs();
            let t = m * nf - 0.5;
            let i0 = to_index(t.floor());
            let i1 = i0.saturating_add(1);
            (i0.max(0), i1.min(n - 1), frac(t))
        }
        _ => {
            let u = if normalized { s * nf } else { s };
            let t = u - 0.5;
            let i0 = to_index(t.floor());
            let i1 = i0.saturating_add(1);
            if mode == sampler::ADDRESS_CLAMP_TO_EDGE {
                (i0.min(n - 1).max(0), i1.min(n - 1).max(0), frac(t))
            } else {
                (i0, i1, frac(t))
            }
        }
    }
}

fn read_texel(
    env: &mut dyn BuiltinEnv,
    desc: &ImageDesc,
    geom: Geom,
    kind: Kind,
    bits: u32,
    at: Coords,
) -> Result<[u32; 4], AccessError> {
    let fmt = Format::of(desc)?;
    fmt.check("read", kind)?;
    let img = Image { desc, fmt, geom };
    let mode = bits & sampler::ADDRESS_MASK;
    if !matches!(
        mode,
        sampler::ADDRESS_NONE
            | sampler::ADDRESS_CLAMP_TO_EDGE
            | sampler::ADDRESS_CLAMP
            | sampler::ADDRESS_REPEAT
            | sampler::ADDRESS_MIRRORED_REPEAT
    ) {
        return Err(AccessError::Addressing(mode));
    }
    let normalized = bits & sampler::NORMALIZED_COORDS != 0;
    // Only read_imagef filters; the integer reads are nearest whatever the sampler says.
    let linear = bits & sampler::FILTER_MASK == sampler::FILTER_LINEAR && kind == Kind::Float;
    let dims = geom.dims();

    // Integer coordinates with the samplers the spec allows for them address pixels exactly
    // (no trip through float, which would lose precision past 2^24).
    if let Coords::Int(c) = at {
        let plain = matches!(
            mode,
            sampler::ADDRESS_NONE | sampler::ADDRESS_CLAMP_TO_EDGE | sampler::ADDRESS_CLAMP
        );
        if plain && !normalized && !linear {
            let mut i = [0i64; 3];
            for (d, x) in i.iter_mut().enumerate().take(dims) {
                *x = if mode == sampler::ADDRESS_CLAMP_TO_EDGE {
                    c[d].min(img.size(d) - 1).max(0)
                } else {
                    c[d]
                };
            }
            let layer = geom.layer_lane().map_or(0, |l| img.clamp_layer(c[l]));
            return Ok(img.fetch(env, i, layer));
        }
    }

    // Everything else goes through float, as the spec's formulas are written (integer
    // coordinates get here only with samplers the spec leaves undefined for them).
    let s = at.as_float();
    let layer = geom
        .layer_lane()
        .map_or(0, |l| img.clamp_layer(to_index(s[l].round_ties_even())));
    if !linear {
        let mut i = [0i64; 3];
        for (d, x) in i.iter_mut().enumerate().take(dims) {
            *x = nearest_index(mode, normalized, s[d], img.size(d));
        }
        return Ok(img.fetch(env, i, layer));
    }

    let mut lo = [0i64; 3];
    let mut hi = [0i64; 3];
    let mut w = [0f32; 3];
    for d in 0..dims {
        (lo[d], hi[d], w[d]) = linear_indices(mode, normalized, s[d], img.size(d));
    }
    // Corners in the order of the spec's sum: the x index varies fastest, and each term is
    // ((1-a) or a) * ((1-b) or b) * ((1-c) or c) * T, accumulated left to right in float.
    let mut acc = [0f32; 4];
    for corner in 0..1usize << dims {
        let mut i = [0i64; 3];
        let mut weight = 1f32;
        for d in 0..dims {
            let high = corner >> d & 1 == 1;
            i[d] = if high { hi[d] } else { lo[d] };
            let wd = if high { w[d] } else { 1.0 - w[d] };
            weight = if d == 0 { wd } else { weight * wd };
        }
        let t = img.fetch(env, i, layer);
        for (a, v) in acc.iter_mut().zip(t) {
            let term = weight * f32::from_bits(v);
            *a = if corner == 0 { term } else { *a + term };
        }
    }
    Ok(acc.map(f32::to_bits))
}

/// The bytes of one pixel of a format holding `color` (four 32-bit lanes: float bits for
/// normalized and float formats, integers for integer formats), as `write_image*` stores it.
/// `None` for formats the simulator does not support (clEnqueueFillImage uses this).
pub fn encode_pixel(order: u32, channel_type: u32, color: [u32; 4]) -> Option<Vec<u8>> {
    let desc = ImageDesc {
        order,
        channel_type,
        ..ImageDesc::default()
    };
    let fmt = Format::of(&desc).ok()?;
    let mut buf = [0u8; 16];
    let n = fmt.encode(color, &mut buf);
    Some(buf[..n].to_vec())
}

fn write_texel(
    env: &mut dyn BuiltinEnv,
    desc: &ImageDesc,
    geom: Geom,
    kind: Kind,
    c: [i64; 4],
    color: [u32; 4],
) -> Result<(), AccessError> {
    let fmt = Format::of(desc)?;
    fmt.check("write", kind)?;
    let img = Image { desc, fmt, geom };
    let layer = geom.layer_lane().map_or(0, |l| c[l]);
    // Writes outside the image are undefined; like Oclgrind, they do nothing.
    let Some(addr) = img.addr([c[0], c[1], c[2]], layer) else {
        return Ok(());
    };
    let mut buf = [0u8; 16];
    let n = fmt.encode(color, &mut buf);
    // A refused store has already been reported.
    env.store(AddrSpace::Global, addr, &buf[..n]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::testing::*;
    use crate::bytecode::VType;
    use image::kind;
    use sampler::{
        ADDRESS_CLAMP as CLAMP, ADDRESS_CLAMP_TO_EDGE as EDGE, ADDRESS_MIRRORED_REPEAT as MIRROR,
        ADDRESS_NONE as NONE, ADDRESS_REPEAT as REPEAT, FILTER_LINEAR as LINEAR,
        FILTER_NEAREST as NEAREST, NORMALIZED_COORDS as NORM,
    };

    fn f4() -> VType {
        vec_ty(ScalarTy::F32, 4)
    }

    fn i4() -> VType {
        vec_ty(ScalarTy::Int(32), 4)
    }

    /// Places pixel bytes and a descriptor for them; returns the image handle.
    fn image(t: &mut TestEnv, d: ImageDesc, pixels: &[u8]) -> u64 {
        let data = t.place(AddrSpace::Global, pixels);
        t.place(AddrSpace::Global, &ImageDesc { data, ..d }.to_bytes())
    }

    /// A tightly packed descriptor of any geometry.
    fn desc(k: u32, order: u32, ty: u32, size: [u64; 4]) -> ImageDesc {
        let ps = image::pixel_size(order, ty).expect("valid format");
        let [w, h, d, layers] = size;
        ImageDesc {
            data: 0,
            order,
            channel_type: ty,
            kind: k,
            width: w,
            height: h,
            depth: d,
            array_size: layers,
            row_pitch: w * ps,
            slice_pitch: w * h * ps,
        }
    }

    fn desc2d(order: u32, ty: u32, w: u64, h: u64) -> ImageDesc {
        desc(kind::IMAGE2D, order, ty, [w, h, 1, 1])
    }

    fn floats(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|f| f.to_le_bytes()).collect()
    }

    fn handle(h: u64) -> TestArg {
        int(64, h)
    }

    /// The 4x3 CL_R float image whose pixel (x, y) holds x + 10y + 1.
    fn grid(t: &mut TestEnv) -> u64 {
        let px: Vec<f32> = (0..12).map(|i| (i % 4 + 10 * (i / 4) + 1) as f32).collect();
        image(t, desc2d(order::R, channel::FLOAT, 4, 3), &floats(&px))
    }

    fn read2f(t: &mut TestEnv, img: u64, smp: u32, x: f32, y: f32) -> Vec<f32> {
        as_f32(&t.call(
            "_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f",
            &[handle(img), int(64, smp as u64), f32s(&[x, y])],
            Some(f4()),
        ))
    }

    /// Sampler-less read_imagef of a 2D image.
    fn load2f(t: &mut TestEnv, img: u64, x: i32, y: i32) -> Vec<f32> {
        as_f32(&t.call(
            "_Z11read_imagef14ocl_image2d_roDv2_i",
            &[handle(img), ints(32, &[x as u32 as u64, y as u32 as u64])],
            Some(f4()),
        ))
    }

    fn store2f(t: &mut TestEnv, img: u64, x: i32, y: i32, v: [f32; 4]) {
        t.call(
            "_Z12write_imagef14ocl_image2d_woDv2_iDv4_f",
            &[
                handle(img),
                ints(32, &[x as u32 as u64, y as u32 as u64]),
                f32s(&v),
            ],
            None,
        );
    }

    fn pixel_bytes(t: &TestEnv, img: u64, len: usize) -> Vec<u8> {
        let d = ImageDesc::from_bytes(
            t.bytes(AddrSpace::Global, img, ImageDesc::SIZE)
                .try_into()
                .expect("descriptor size"),
        );
        t.bytes(AddrSpace::Global, d.data, len).to_vec()
    }

    // Every red value below is bit-identical to PoCL 6 running the same reads. Alpha is not
    // compared: PoCL gives CL_R a (0, 0, 0, 0) border where the spec says (0, 0, 0, 1).
    #[test]
    fn addressing_and_filtering_match_pocl() {
        const PIXELS: [(f32, f32); 8] = [
            (-1.3, 0.2),
            (0.5, 0.5),
            (1.7, 2.2),
            (3.9, 2.9),
            (4.2, 1.0),
            (0.25, -0.6),
            (2.0, 1.5),
            (0.75, 0.8),
        ];
        const NORMALIZED: [(f32, f32); 8] = [
            (-0.3, 0.1),
            (0.1, 0.5),
            (0.6, 0.9),
            (1.2, 0.4),
            (1.9, -0.7),
            (2.6, 3.3),
            (-1.45, 0.75),
            (0.33, 0.61),
        ];
        let cases: [(u32, [f32; 8]); 16] = [
            (NONE | NEAREST, [0.0, 1.0, 22.0, 24.0, 0.0, 0.0, 13.0, 1.0]),
            (
                NONE | LINEAR,
                [0.0, 1.0, 19.2, 8.6399975, 2.7000017, 0.0, 12.5, 4.25],
            ),
            (EDGE | NEAREST, [1.0, 1.0, 22.0, 24.0, 14.0, 1.0, 13.0, 1.0]),
            (EDGE | LINEAR, [1.0, 1.0, 19.2, 24.0, 9.0, 1.0, 12.5, 4.25]),
            (CLAMP | NEAREST, [0.0, 1.0, 22.0, 24.0, 0.0, 0.0, 13.0, 1.0]),
            (
                CLAMP | LINEAR,
                [0.0, 1.0, 19.2, 8.6399975, 2.7000017, 0.0, 12.5, 4.25],
            ),
            (
                NORM | NONE | NEAREST,
                [0.0, 11.0, 23.0, 0.0, 0.0, 0.0, 0.0, 12.0],
            ),
            (
                NORM | NONE | LINEAR,
                [0.0, 9.9, 18.320004, 0.0, 0.0, 0.0, 0.0, 15.120001],
            ),
            (
                NORM | EDGE | NEAREST,
                [1.0, 11.0, 23.0, 14.0, 4.0, 24.0, 21.0, 12.0],
            ),
            (
                NORM | EDGE | LINEAR,
                [1.0, 11.0, 22.899998, 11.0, 4.0, 24.0, 18.5, 15.120001],
            ),
            (
                NORM | CLAMP | NEAREST,
                [0.0, 11.0, 23.0, 0.0, 0.0, 0.0, 0.0, 12.0],
            ),
            (
                NORM | CLAMP | LINEAR,
                [0.0, 9.9, 18.320004, 0.0, 0.0, 0.0, 0.0, 15.120001],
            ),
            (
                NORM | REPEAT | NEAREST,
                [3.0, 11.0, 23.0, 11.0, 4.0, 3.0, 23.0, 12.0],
            ),
            (
                NORM | REPEAT | LINEAR,
                [
                    7.3, 11.3, 18.900002, 8.3, 7.700001, 6.899998, 20.2, 15.120001,
                ],
            ),
            (
                NORM | MIRROR | NEAREST,
                [2.0, 11.0, 23.0, 14.0, 21.0, 23.0, 23.0, 12.0],
            ),
            (
                NORM | MIRROR | LINEAR,
                [
                    1.7, 11.0, 22.899998, 10.700001, 17.0, 18.900002, 20.2, 15.120001,
                ],
            ),
        ];
        let mut t = TestEnv::new();
        let img = grid(&mut t);
        for (smp, want) in cases {
            let coords = if smp & NORM != 0 { NORMALIZED } else { PIXELS };
            for ((x, y), w) in coords.into_iter().zip(want) {
                let r = read2f(&mut t, img, smp, x, y);
                assert_eq!(
                    r[0].to_bits(),
                    w.to_bits(),
                    "sampler {smp:#x} at ({x}, {y}): {r:?}"
                );
                assert_eq!(r[1..3], [0.0, 0.0]);
            }
        }
    }

    #[test]
    fn border_colour_depends_on_the_order() {
        let mut t = TestEnv::new();
        let cases = [
            (order::R, channel::FLOAT, [0.0, 0.0, 0.0, 1.0]),
            (order::RG, channel::FLOAT, [0.0, 0.0, 0.0, 1.0]),
            (order::LUMINANCE, channel::FLOAT, [0.0, 0.0, 0.0, 1.0]),
            (order::RGB, channel::UNORM_SHORT_565, [0.0, 0.0, 0.0, 1.0]),
            (order::RGBA, channel::FLOAT, [0.0; 4]),
            (order::BGRA, channel::UNORM_INT8, [0.0; 4]),
            (order::A, channel::FLOAT, [0.0; 4]),
            (order::INTENSITY, channel::FLOAT, [0.0; 4]),
            (order::RA, channel::FLOAT, [0.0; 4]),
            (order::RX, channel::FLOAT, [0.0; 4]),
            (order::RGBX, channel::UNORM_SHORT_555, [0.0; 4]),
        ];
        for (o, ty, want) in cases {
            let img = image(&mut t, desc2d(o, ty, 2, 2), &[0x55; 64]);
            assert_eq!(
                read2f(&mut t, img, CLAMP | NEAREST, -0.5, 0.5),
                want,
                "{o:#x}"
            );
            assert_eq!(load2f(&mut t, img, 2, 0), want, "{o:#x}");
        }
        let img = image(
            &mut t,
            desc2d(order::RGBA, channel::SIGNED_INT8, 2, 2),
            &[1; 16],
        );
        let r = t.call(
            "_Z11read_imagei14ocl_image2d_roDv2_i",
            &[handle(img), ints(32, &[0, 5])],
            Some(i4()),
        );
        assert_eq!(r, [0, 0, 0, 0]);
        let img = image(
            &mut t,
            desc2d(order::RG, channel::UNSIGNED_INT8, 2, 2),
            &[1; 8],
        );
        let r = t.call(
            "_Z12read_imageui14ocl_image2d_roDv2_i",
            &[handle(img), ints(32, &[0xffff_ffff, 0])],
            Some(i4()),
        );
        assert_eq!(r, [0, 0, 0, 1]);
    }

    #[test]
    fn integer_coordinates() {
        let mut t = TestEnv::new();
        let img = grid(&mut t);
        assert_eq!(load2f(&mut t, img, 3, 2), [24.0, 0.0, 0.0, 1.0]);
        assert_eq!(load2f(&mut t, img, 4, 2), [0.0, 0.0, 0.0, 1.0]);
        let read = |t: &mut TestEnv, smp: u32, x: i32, y: i32| {
            as_f32(&t.call(
                "_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i",
                &[
                    handle(img),
                    int(64, smp as u64),
                    ints(32, &[x as u32 as u64, y as u32 as u64]),
                ],
                Some(f4()),
            ))[0]
        };
        assert_eq!(read(&mut t, EDGE | NEAREST, -7, 9), 21.0);
        assert_eq!(read(&mut t, CLAMP | NEAREST, -1, 1), 0.0);
        assert_eq!(read(&mut t, NONE | NEAREST, 2, 1), 13.0);
        // Samplers the spec leaves undefined for integer coordinates go through float.
        assert_eq!(read(&mut t, NORM | REPEAT | NEAREST, 1, 0), 1.0);
        // (1, 1) is the corner shared by pixels 1, 2, 11 and 12.
        assert_eq!(read(&mut t, EDGE | LINEAR, 1, 1), 6.5);
    }

    #[test]
    fn pitched_rows_and_slices() {
        let mut t = TestEnv::new();
        // 2x2 RG UNORM_INT8 with 3 bytes of padding after each 4-byte row.
        let mut d = desc2d(order::RG, channel::UNORM_INT8, 2, 2);
        d.row_pitch = 7;
        let px = [255, 0, 0, 255, 9, 9, 9, 51, 102, 153, 204, 9, 9, 9];
        let img = image(&mut t, d, &px);
        assert_eq!(load2f(&mut t, img, 1, 1), [0.6, 0.8, 0.0, 1.0]);
        assert_eq!(load2f(&mut t, img, 0, 1), [0.2, 0.4, 0.0, 1.0]);
        store2f(&mut t, img, 1, 1, [1.0, 0.0, 0.5, 0.5]);
        assert_eq!(
            pixel_bytes(&t, img, 14),
            [255, 0, 0, 255, 9, 9, 9, 51, 102, 255, 0, 9, 9, 9]
        );

        // 3D: 2x1x2 R SIGNED_INT16 with row and slice padding.
        let mut d = desc(kind::IMAGE3D, order::R, channel::SIGNED_INT16, [2, 1, 2, 1]);
        d.row_pitch = 6;
        d.slice_pitch = 10;
        let px: Vec<u8> = [1i16, 2, -1, -1, -1, 3, 4, -1, -1, -1]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let img = image(&mut t, d, &px);
        let r = t.call(
            "_Z11read_imagei14ocl_image3d_roDv4_i",
            &[handle(img), ints(32, &[1, 0, 1, 0])],
            Some(i4()),
        );
        assert_eq!(r, [4, 0, 0, 1]);
        t.call(
            "_Z12write_imagei14ocl_image3d_woDv4_iDv4_i",
            &[
                handle(img),
                ints(32, &[0, 0, 1, 0]),
                ints(32, &[0xffff_8000, 0, 0, 0]),
            ],
            None,
        );
        assert_eq!(&pixel_bytes(&t, img, 20)[10..14], &[0x00, 0x80, 4, 0]);
    }

    #[test]
    fn one_dimensional_images() {
        let mut t = TestEnv::new();
        let px = floats(&[1.0, 2.0, 3.0, 4.0]);
        let img = image(
            &mut t,
            desc(kind::IMAGE1D, order::R, channel::FLOAT, [4, 1, 1, 1]),
            &px,
        );
        let r = as_f32(&t.call(
            "_Z11read_imagef14ocl_image1d_ro11ocl_samplerf",
            &[
                handle(img),
                int(64, (NORM | EDGE | LINEAR) as u64),
                f32s(&[0.5]),
            ],
            Some(f4()),
        ));
        assert_eq!(r, [2.5, 0.0, 0.0, 1.0]);
        let r = as_f32(&t.call(
            "_Z11read_imagef14ocl_image1d_roi",
            &[handle(img), int(32, 3)],
            Some(f4()),
        ));
        assert_eq!(r[0], 4.0);

        let buf = image(
            &mut t,
            desc(kind::IMAGE1D_BUFFER, order::R, channel::FLOAT, [4, 1, 1, 1]),
            &px,
        );
        let r = as_f32(&t.call(
            "_Z11read_imagef21ocl_image1d_buffer_roi",
            &[handle(buf), int(32, 1)],
            Some(f4()),
        ));
        assert_eq!(r[0], 2.0);
        t.call(
            "_Z12write_imagef21ocl_image1d_buffer_woiDv4_f",
            &[handle(buf), int(32, 2), f32s(&[7.0, 0.0, 0.0, 0.0])],
            None,
        );
        t.call(
            "_Z12write_imagef14ocl_image1d_woiDv4_f",
            &[handle(img), int(32, 4), f32s(&[8.0, 0.0, 0.0, 0.0])],
            None,
        );
        assert_eq!(pixel_bytes(&t, buf, 16)[8..12], 7.0f32.to_le_bytes());
        assert_eq!(pixel_bytes(&t, img, 16), px);
    }

    #[test]
    fn write_type_must_match_the_format() {
        let mut t = TestEnv::new();
        let img = image(&mut t, desc2d(order::R, channel::FLOAT, 1, 1), &[0; 4]);
        let e = t
            .try_call(
                "_Z12write_imagei14ocl_image2d_woDv2_iDv4_i",
                &[handle(img), ints(32, &[0, 0]), ints(32, &[7, 0, 0, 0])],
                None,
            )
            .unwrap_err();
        assert_eq!(
            e,
            "write_imagei: images of CL_FLOAT are accessed with write_imagef"
        );
        let e = t
            .try_call(
                "_Z11read_imagei14ocl_image2d_roDv2_i",
                &[handle(img), ints(32, &[0, 0])],
                Some(i4()),
            )
            .unwrap_err();
        assert_eq!(
            e,
            "read_imagei: images of CL_FLOAT are accessed with read_imagef"
        );
        let img = image(
            &mut t,
            desc2d(order::RGBA, channel::UNSIGNED_INT8, 1, 1),
            &[0; 4],
        );
        let e = t
            .try_call(
                "_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f",
                &[handle(img), int(64, NEAREST as u64), f32s(&[0.0, 0.0])],
                Some(f4()),
            )
            .unwrap_err();
        assert_eq!(
            e,
            "read_imagef: images of CL_UNSIGNED_INT8 are accessed with read_imageui"
        );
    }

    #[test]
    fn arrays_select_a_clamped_layer() {
        let mut t = TestEnv::new();
        // 1D array: 2 pixels x 3 layers, layers one slice_pitch apart (padded to 12 bytes).
        let mut d = desc(kind::IMAGE1D_ARRAY, order::R, channel::FLOAT, [2, 1, 1, 3]);
        d.slice_pitch = 12;
        let px = floats(&[1.0, 2.0, -1.0, 11.0, 12.0, -1.0, 21.0, 22.0, -1.0]);
        let img = image(&mut t, d, &px);
        let read = |t: &mut TestEnv, smp: u32, x: f32, layer: f32| {
            as_f32(&t.call(
                "_Z11read_imagef20ocl_image1d_array_ro11ocl_samplerDv2_f",
                &[handle(img), int(64, smp as u64), f32s(&[x, layer])],
                Some(f4()),
            ))[0]
        };
        assert_eq!(read(&mut t, NEAREST, 1.0, 1.4), 12.0);
        // rint rounds half to even; out-of-range layers clamp rather than read the border.
        assert_eq!(read(&mut t, NEAREST, 0.0, 0.5), 1.0);
        assert_eq!(read(&mut t, NEAREST, 0.0, 1.5), 21.0);
        assert_eq!(read(&mut t, NEAREST, 0.0, -3.0), 1.0);
        assert_eq!(read(&mut t, NEAREST, 0.0, 9.0), 21.0);
        // The layer coordinate is never normalized, and linear filtering stays in one layer.
        assert_eq!(read(&mut t, NORM | EDGE | LINEAR, 0.5, 1.0), 11.5);
        let r = t.call(
            "_Z11read_imagef20ocl_image1d_array_roDv2_i",
            &[handle(img), ints(32, &[1, 7])],
            Some(f4()),
        );
        assert_eq!(as_f32(&r)[0], 22.0);
        t.call(
            "_Z12write_imagef20ocl_image1d_array_woDv2_iDv4_f",
            &[handle(img), ints(32, &[1, 2]), f32s(&[5.0, 0.0, 0.0, 0.0])],
            None,
        );
        assert_eq!(pixel_bytes(&t, img, 36)[28..32], 5.0f32.to_le_bytes());

        // 2D array: 1x2 pixels x 2 layers, layers one slice_pitch apart.
        let mut d = desc(kind::IMAGE2D_ARRAY, order::R, channel::FLOAT, [1, 2, 1, 2]);
        d.slice_pitch = 12;
        let img = image(&mut t, d, &floats(&[1.0, 2.0, -1.0, 3.0, 4.0, -1.0]));
        let r = as_f32(&t.call(
            "_Z11read_imagef20ocl_image2d_array_ro11ocl_samplerDv4_f",
            &[
                handle(img),
                int(64, (NORM | EDGE | LINEAR) as u64),
                f32s(&[0.5, 0.5, 1.2, 0.0]),
            ],
            Some(f4()),
        ));
        assert_eq!(r[0], 3.5);
        t.call(
            "_Z12write_imagef20ocl_image2d_array_woDv4_iDv4_f",
            &[
                handle(img),
                ints(32, &[0, 1, 1, 0]),
                f32s(&[9.0, 0.0, 0.0, 0.0]),
            ],
            None,
        );
        // Writes outside the layers do nothing.
        t.call(
            "_Z12write_imagef20ocl_image2d_array_woDv4_iDv4_f",
            &[
                handle(img),
                ints(32, &[0, 1, 2, 0]),
                f32s(&[7.0, 0.0, 0.0, 0.0]),
            ],
            None,
        );
        let r = as_f32(&t.call(
            "_Z11read_imagef20ocl_image2d_array_roDv4_i",
            &[handle(img), ints(32, &[0, 1, 1, 0])],
            Some(f4()),
        ));
        assert_eq!(r[0], 9.0);
        assert_eq!(pixel_bytes(&t, img, 24)[20..], [0, 0, 0x80, 0xbf]);
    }

    #[test]
    fn three_dimensional_images() {
        let mut t = TestEnv::new();
        // Pixel (x, y, z) of a 2x2x2 image holds x + 2y + 4z, so linear reads are exact.
        let px: Vec<f32> = (0..8).map(|i| i as f32).collect();
        let img = image(
            &mut t,
            desc(kind::IMAGE3D, order::R, channel::FLOAT, [2, 2, 2, 1]),
            &floats(&px),
        );
        let read = |t: &mut TestEnv, smp: u32, c: [f32; 3]| {
            as_f32(&t.call(
                "_Z11read_imagef14ocl_image3d_ro11ocl_samplerDv4_f",
                &[
                    handle(img),
                    int(64, smp as u64),
                    f32s(&[c[0], c[1], c[2], 0.0]),
                ],
                Some(f4()),
            ))[0]
        };
        assert_eq!(read(&mut t, LINEAR, [1.0, 1.0, 1.0]), 3.5);
        assert_eq!(read(&mut t, EDGE | LINEAR, [0.75, 1.0, 1.25]), 4.25);
        assert_eq!(read(&mut t, NORM | NEAREST, [0.9, 0.1, 0.6]), 5.0);
        assert_eq!(read(&mut t, NORM | REPEAT | NEAREST, [1.9, -0.9, 2.6]), 5.0);
        assert_eq!(read(&mut t, CLAMP | NEAREST, [1.0, 1.0, 2.0]), 0.0);
        t.call(
            "_Z12write_imagef14ocl_image3d_woDv4_iDv4_f",
            &[
                handle(img),
                ints(32, &[1, 0, 1, 0]),
                f32s(&[-2.0, 0.0, 0.0, 0.0]),
            ],
            None,
        );
        assert_eq!(read(&mut t, NEAREST, [1.5, 0.5, 1.5]), -2.0);
    }

    #[test]
    fn channel_orders_fill_missing_components() {
        use order::*;
        let mut t = TestEnv::new();
        // Stored channels 0x33, 0x66, 0x99, 0xcc read as 0.2, 0.4, 0.6, 0.8.
        let cases = [
            (R, [0.2, 0.0, 0.0, 1.0]),
            (RX, [0.2, 0.0, 0.0, 1.0]),
            (A, [0.0, 0.0, 0.0, 0.2]),
            (RG, [0.2, 0.4, 0.0, 1.0]),
            (RGX, [0.2, 0.4, 0.0, 1.0]),
            (RA, [0.2, 0.0, 0.0, 0.4]),
            (RGBA, [0.2, 0.4, 0.6, 0.8]),
            (BGRA, [0.6, 0.4, 0.2, 0.8]),
            (ARGB, [0.4, 0.6, 0.8, 0.2]),
            (ABGR, [0.8, 0.6, 0.4, 0.2]),
            (INTENSITY, [0.2, 0.2, 0.2, 0.2]),
            (LUMINANCE, [0.2, 0.2, 0.2, 1.0]),
        ];
        for (o, want) in cases {
            let img = image(
                &mut t,
                desc2d(o, channel::UNORM_INT8, 1, 1),
                &[0x33, 0x66, 0x99, 0xcc],
            );
            assert_eq!(load2f(&mut t, img, 0, 0), want, "order {o:#x}");
            // Writing the colour back stores the same bytes.
            let n = image::pixel_size(o, channel::UNORM_INT8).expect("valid") as usize;
            let out = image(&mut t, desc2d(o, channel::UNORM_INT8, 1, 1), &[0; 4]);
            store2f(&mut t, out, 0, 0, want);
            assert_eq!(
                pixel_bytes(&t, out, n),
                [0x33, 0x66, 0x99, 0xcc][..n],
                "order {o:#x}"
            );
        }
        // Integer reads fill with integer 0 and 1.
        let img = image(&mut t, desc2d(RA, channel::SIGNED_INT8, 1, 1), &[0xfe, 7]);
        let r = t.call(
            "_Z11read_imagei14ocl_image2d_roDv2_i",
            &[handle(img), ints(32, &[0, 0])],
            Some(i4()),
        );
        assert_eq!(r, [0xffff_fffe, 0, 0, 7]);
        let img = image(
            &mut t,
            desc2d(LUMINANCE, channel::UNSIGNED_INT16, 1, 1),
            &[0xfe, 0xff],
        );
        let r = t.call(
            "_Z12read_imageui14ocl_image2d_roDv2_i",
            &[handle(img), ints(32, &[0, 0])],
            Some(i4()),
        );
        assert_eq!(r, [0xfffe, 0xfffe, 0xfffe, 1]);
    }

    #[test]
    fn srgb_and_unknown_formats_trap() {
        let mut t = TestEnv::new();
        let mut d = desc2d(order::RGBA, channel::UNORM_INT8, 1, 1);
        d.order = order::SRGBA;
        let img = image(&mut t, d, &[0; 4]);
        let e = t
            .try_call(
                "_Z11read_imagef14ocl_image2d_roDv2_i",
                &[handle(img), ints(32, &[0, 0])],
                Some(f4()),
            )
            .unwrap_err();
        assert_eq!(e, "read_imagef: sRGB images (CL_sRGBA) are not supported");
        d.order = order::RGB;
        let img = image(&mut t, d, &[0; 4]);
        let e = t
            .try_call(
                "_Z11read_imagef14ocl_image2d_roDv2_i",
                &[handle(img), ints(32, &[0, 0])],
                Some(f4()),
            )
            .unwrap_err();
        assert_eq!(
            e,
            "read_imagef: unsupported image format (CL_RGB, CL_UNORM_INT8)"
        );
        d.order = 0x1234;
        let img = image(&mut t, d, &[0; 4]);
        let e = t
            .try_call(
                "_Z12write_imagef14ocl_image2d_woDv2_iDv4_f",
                &[handle(img), ints(32, &[0, 0]), f32s(&[0.0; 4])],
                None,
            )
            .unwrap_err();
        assert_eq!(e, "write_imagef: unsupported image channel order 0x1234");
    }

    #[test]
    fn normalized_reads() {
        let mut t = TestEnv::new();
        let read1 = |t: &mut TestEnv, ty: u32, bytes: &[u8]| {
            let img = image(t, desc2d(order::R, ty, 1, 1), bytes);
            load2f(t, img, 0, 0)[0]
        };
        assert_eq!(read1(&mut t, channel::UNORM_INT8, &[255]), 1.0);
        assert_eq!(read1(&mut t, channel::UNORM_INT8, &[128]), 128.0 / 255.0);
        assert_eq!(read1(&mut t, channel::SNORM_INT8, &[0x80]), -1.0);
        assert_eq!(read1(&mut t, channel::SNORM_INT8, &[0x81]), -1.0);
        assert_eq!(read1(&mut t, channel::SNORM_INT8, &[0x7f]), 1.0);
        assert_eq!(read1(&mut t, channel::SNORM_INT8, &[0xc0]), -64.0 / 127.0);
        assert_eq!(read1(&mut t, channel::UNORM_INT16, &[0xff, 0xff]), 1.0);
        assert_eq!(
            read1(&mut t, channel::UNORM_INT16, &[0x01, 0x00]),
            1.0 / 65535.0
        );
        assert_eq!(read1(&mut t, channel::SNORM_INT16, &[0x00, 0x80]), -1.0);
        assert_eq!(
            read1(&mut t, channel::SNORM_INT16, &[0x00, 0x40]),
            16384.0 / 32767.0
        );
        assert_eq!(read1(&mut t, channel::HALF_FLOAT, &[0x00, 0x3e]), 1.5);
        assert_eq!(
            read1(&mut t, channel::HALF_FLOAT, &[0x01, 0x00]),
            2f32.powi(-24)
        );
        assert!(read1(&mut t, channel::HALF_FLOAT, &[0x00, 0x7e]).is_nan());
        assert_eq!(
            read1(&mut t, channel::FLOAT, &(-0.75f32).to_le_bytes()),
            -0.75
        );
    }

    /// Writes four float colours to a 4-pixel RGBA image of `ty`; returns the stored bytes.
    fn write_floats(t: &mut TestEnv, ty: u32, v: &[f32; 16]) -> Vec<u8> {
        let ps = image::pixel_size(order::RGBA, ty).expect("valid") as usize;
        let img = image(t, desc2d(order::RGBA, ty, 4, 1), &[0; 64]);
        for x in 0..4 {
            let c = [v[4 * x], v[4 * x + 1], v[4 * x + 2], v[4 * x + 3]];
            store2f(t, img, x as i32, 0, c);
        }
        pixel_bytes(t, img, 4 * ps)
    }

    fn hex(s: &str) -> Vec<u8> {
        s.split_whitespace()
            .map(|b| u8::from_str_radix(b, 16).expect("hex"))
            .collect()
    }

    // Expected bytes are what PoCL 6 stores for the same writes; they follow the spec's
    // convert_*_sat_rte(x * max) rules (127.5 rounds to 128, NaN becomes 0).
    #[test]
    fn float_writes_round_and_saturate() {
        let v = [
            0.5,
            0.502,
            -0.1,
            1.5,
            f32::NAN,
            1.0 / 255.0 * 3.5,
            0.0,
            1.0,
            -1.0,
            -1.01,
            0.25,
            -0.5,
            0.7,
            2.0 / 127.0 * 0.75,
            1.0 / 65535.0 * 2.5,
            65504.0 * 2.0,
        ];
        let mut t = TestEnv::new();
        let cases = [
            (
                channel::UNORM_INT8,
                "80 80 00 ff 00 04 00 ff 00 00 40 00 b2 03 00 ff",
            ),
            (
                channel::SNORM_INT8,
                "40 40 f3 7f 00 02 00 7f 81 80 20 c0 59 02 00 7f",
            ),
            (
                channel::UNORM_INT16,
                "00 80 83 80 00 00 ff ff 00 00 84 03 00 00 ff ff \
                 00 00 00 00 00 40 00 00 32 b3 06 03 02 00 ff ff",
            ),
            (
                channel::SNORM_INT16,
                "00 40 41 40 33 f3 ff 7f 00 00 c2 01 00 00 ff 7f \
                 01 80 00 80 00 20 00 c0 99 59 83 01 01 00 ff 7f",
            ),
            (
                channel::HALF_FLOAT,
                "00 38 04 38 66 ae 00 3e 00 7e 07 23 00 00 00 3c \
                 00 bc 0a bc 00 34 00 b8 9a 39 0c 22 80 02 00 7c",
            ),
        ];
        for (ty, want) in cases {
            assert_eq!(write_floats(&mut t, ty, &v), hex(want), "{}", type_name(ty));
        }
        let img = image(&mut t, desc2d(order::R, channel::FLOAT, 1, 1), &[0; 4]);
        store2f(&mut t, img, 0, 0, [-0.0, 1.0, 1.0, 1.0]);
        assert_eq!(pixel_bytes(&t, img, 4), (-0.0f32).to_le_bytes());
    }

    #[test]
    fn integer_writes_saturate() {
        let mut t = TestEnv::new();
        let signed = [
            -200i32,
            200,
            127,
            -128,
            40000,
            -40000,
            70000,
            -1,
            i32::MAX,
            i32::MIN,
            5,
            0,
            1,
            2,
            3,
            4,
        ];
        let unsigned = [
            300u32,
            255,
            70000,
            u32::MAX,
            65535,
            65536,
            1,
            2,
            0,
            0,
            0,
            0,
            9,
            9,
            9,
            9,
        ];
        let cases = [
            (
                "i",
                channel::SIGNED_INT8,
                "80 7f 7f 80 7f 80 7f ff 7f 80 05 00 01 02 03 04",
            ),
            (
                "i",
                channel::SIGNED_INT16,
                "38 ff c8 00 7f 00 80 ff ff 7f 00 80 ff 7f ff ff \
                 ff 7f 00 80 05 00 00 00 01 00 02 00 03 00 04 00",
            ),
            (
                "ui",
                channel::UNSIGNED_INT8,
                "ff ff ff ff ff ff 01 02 00 00 00 00 09 09 09 09",
            ),
            (
                "ui",
                channel::UNSIGNED_INT16,
                "2c 01 ff 00 ff ff ff ff ff ff ff ff 01 00 02 00 \
                 00 00 00 00 00 00 00 00 09 00 09 00 09 00 09 00",
            ),
        ];
        for (suffix, ty, want) in cases {
            let ps = image::pixel_size(order::RGBA, ty).expect("valid") as usize;
            let img = image(&mut t, desc2d(order::RGBA, ty, 4, 1), &[0; 64]);
            for x in 0..4 {
                let lanes: Vec<u64> = if suffix == "i" {
                    signed[4 * x..4 * x + 4]
                        .iter()
                        .map(|v| *v as u32 as u64)
                        .collect()
                } else {
                    unsigned[4 * x..4 * x + 4]
                        .iter()
                        .map(|v| *v as u64)
                        .collect()
                };
                let symbol = if suffix == "i" {
                    "_Z12write_imagei14ocl_image2d_woDv2_iDv4_i"
                } else {
                    "_Z13write_imageui14ocl_image2d_woDv2_iDv4_j"
                };
                t.call(
                    symbol,
                    &[handle(img), ints(32, &[x as u64, 0]), ints(32, &lanes)],
                    None,
                );
            }
            assert_eq!(pixel_bytes(&t, img, 4 * ps), hex(want), "{}", type_name(ty));
        }
        // 32-bit channels store the value unchanged and read it back unchanged.
        let img = image(
            &mut t,
            desc2d(order::RG, channel::SIGNED_INT32, 1, 1),
            &[0; 8],
        );
        t.call(
            "_Z12write_imagei14ocl_image2d_woDv2_iDv4_i",
            &[
                handle(img),
                ints(32, &[0, 0]),
                ints(32, &[0x8000_0000, 0x7fff_ffff, 3, 4]),
            ],
            None,
        );
        let r = t.call(
            "_Z11read_imagei14ocl_image2d_roDv2_i",
            &[handle(img), ints(32, &[0, 0])],
            Some(i4()),
        );
        assert_eq!(r, [0x8000_0000, 0x7fff_ffff, 0, 1]);
    }

    #[test]
    fn packed_formats() {
        let mut t = TestEnv::new();
        let cases = [
            // r = 31, g = 0, b = 15 / r = 1, g = 62, b = 0
            (
                order::RGB,
                channel::UNORM_SHORT_565,
                0xf80fu32,
                [1.0, 0.0, 15.0 / 31.0],
            ),
            (
                order::RGBX,
                channel::UNORM_SHORT_565,
                0x0fc0,
                [1.0 / 31.0, 62.0 / 63.0, 0.0],
            ),
            (
                order::RGB,
                channel::UNORM_SHORT_555,
                0x7c1f,
                [1.0, 0.0, 1.0],
            ),
            (
                order::RGBX,
                channel::UNORM_SHORT_555,
                0x03e1,
                [0.0, 1.0, 1.0 / 31.0],
            ),
            (
                order::RGB,
                channel::UNORM_INT_101010,
                (1023 << 20) | (512 << 10) | 1,
                [1.0, 512.0 / 1023.0, 1.0 / 1023.0],
            ),
        ];
        for (o, ty, bits, rgb) in cases {
            let n = image::pixel_size(o, ty).expect("valid") as usize;
            let img = image(&mut t, desc2d(o, ty, 1, 1), &bits.to_le_bytes()[..n]);
            assert_eq!(
                load2f(&mut t, img, 0, 0),
                [rgb[0], rgb[1], rgb[2], 1.0],
                "{}",
                type_name(ty)
            );
            let out = image(&mut t, desc2d(o, ty, 1, 1), &[0xff; 4]);
            store2f(&mut t, out, 0, 0, [rgb[0], rgb[1], rgb[2], 0.5]);
            assert_eq!(
                pixel_bytes(&t, out, n),
                bits.to_le_bytes()[..n],
                "{}",
                type_name(ty)
            );
        }
        // Rounding and clamping per channel; the padding bits are written as zero.
        let out = image(
            &mut t,
            desc2d(order::RGB, channel::UNORM_SHORT_555, 1, 1),
            &[0xff; 2],
        );
        store2f(&mut t, out, 0, 0, [2.0, 0.5 / 31.0, -1.0, 0.0]);
        assert_eq!(pixel_bytes(&t, out, 2), 0x7c00u16.to_le_bytes());
        let out = image(
            &mut t,
            desc2d(order::RGB, channel::UNORM_INT_101010, 1, 1),
            &[0xff; 4],
        );
        store2f(&mut t, out, 0, 0, [f32::NAN, 1.5 / 1023.0, 1.0, 0.0]);
        assert_eq!(pixel_bytes(&t, out, 4), ((2u32 << 10) | 1023).to_le_bytes());
    }

    #[test]
    fn integer_reads_ignore_linear_filtering() {
        let mut t = TestEnv::new();
        let img = image(
            &mut t,
            desc2d(order::R, channel::UNSIGNED_INT8, 2, 1),
            &[10, 20],
        );
        let r = t.call(
            "_Z12read_imageui14ocl_image2d_ro11ocl_samplerDv2_f",
            &[
                handle(img),
                int(64, (EDGE | LINEAR) as u64),
                f32s(&[1.2, 0.5]),
            ],
            Some(i4()),
        );
        assert_eq!(r, [20, 0, 0, 1]);
    }

    #[test]
    fn depth_images_use_scalars() {
        let mut t = TestEnv::new();
        let img = image(
            &mut t,
            desc2d(order::DEPTH, channel::FLOAT, 2, 1),
            &floats(&[0.25, 0.75]),
        );
        let r = as_f32(&t.call(
            "_Z11read_imagef20ocl_image2d_depth_ro11ocl_samplerDv2_f",
            &[
                handle(img),
                int(64, (NORM | EDGE | LINEAR) as u64),
                f32s(&[0.5, 0.5]),
            ],
            Some(VType::scalar(ScalarTy::F32)),
        ));
        assert_eq!(r, [0.5]);
        t.call(
            "_Z12write_imagef20ocl_image2d_depth_woDv2_if",
            &[handle(img), ints(32, &[1, 0]), f32s(&[0.125])],
            None,
        );
        let r = as_f32(&t.call(
            "_Z11read_imagef20ocl_image2d_depth_roDv2_i",
            &[handle(img), ints(32, &[1, 0])],
            Some(VType::scalar(ScalarTy::F32)),
        ));
        assert_eq!(r, [0.125]);
        let img = image(
            &mut t,
            desc2d(order::DEPTH, channel::UNORM_INT16, 1, 1),
            &[0xff, 0xff],
        );
        let r = as_f32(&t.call(
            "_Z11read_imagef20ocl_image2d_depth_roDv2_i",
            &[handle(img), ints(32, &[0, 0])],
            Some(VType::scalar(ScalarTy::F32)),
        ));
        assert_eq!(r, [1.0]);
    }

    #[test]
    fn queries() {
        let mut t = TestEnv::new();
        let d = desc(
            kind::IMAGE3D,
            order::BGRA,
            channel::UNORM_INT8,
            [5, 6, 7, 1],
        );
        let img3 = image(&mut t, d, &[]);
        let d = desc(
            kind::IMAGE2D_ARRAY,
            order::RG,
            channel::HALF_FLOAT,
            [3, 4, 1, 9],
        );
        let arr = image(&mut t, d, &[]);
        let q = |t: &mut TestEnv, symbol: &str, img: u64, ret: VType| {
            t.call(symbol, &[handle(img)], Some(ret))
        };
        let i32_ty = int_ty(32);
        assert_eq!(
            q(&mut t, "_Z15get_image_width14ocl_image3d_ro", img3, i32_ty),
            [5]
        );
        assert_eq!(
            q(&mut t, "_Z16get_image_height14ocl_image3d_ro", img3, i32_ty),
            [6]
        );
        assert_eq!(
            q(&mut t, "_Z15get_image_depth14ocl_image3d_ro", img3, i32_ty),
            [7]
        );
        assert_eq!(
            q(&mut t, "_Z13get_image_dim14ocl_image3d_ro", img3, i4()),
            [5, 6, 7, 0]
        );
        assert_eq!(
            q(
                &mut t,
                "_Z27get_image_channel_data_type14ocl_image3d_ro",
                img3,
                i32_ty
            ),
            [channel::UNORM_INT8 as u64]
        );
        assert_eq!(
            q(
                &mut t,
                "_Z23get_image_channel_order14ocl_image3d_ro",
                img3,
                i32_ty
            ),
            [order::BGRA as u64]
        );
        assert_eq!(
            q(
                &mut t,
                "_Z20get_image_array_size20ocl_image2d_array_ro",
                arr,
                int_ty(64)
            ),
            [9]
        );
        assert_eq!(
            q(
                &mut t,
                "_Z13get_image_dim20ocl_image2d_array_ro",
                arr,
                vec_ty(ScalarTy::Int(32), 2)
            ),
            [3, 4]
        );
        // A handle that does not point at a descriptor gives zeros after the fault.
        assert_eq!(
            q(&mut t, "_Z15get_image_width14ocl_image3d_ro", 8, i32_ty),
            [0]
        );
        assert_eq!(t.faults, 1);
    }

    #[test]
    fn bad_handles_do_not_panic() {
        let mut t = TestEnv::new();
        assert_eq!(load2f(&mut t, 0, 0, 0), [0.0; 4]);
        store2f(&mut t, 0x20, 0, 0, [1.0; 4]);
        assert_eq!(t.faults, 2);
        // A descriptor whose pixels are not addressable: the pixel access faults, reads give 0.
        let mut d = desc2d(order::RGBA, channel::FLOAT, 2, 2);
        d.data = u64::MAX - 8;
        let img = t.place(AddrSpace::Global, &d.to_bytes());
        assert_eq!(load2f(&mut t, img, 1, 1), [0.0; 4]);
        store2f(&mut t, img, 1, 1, [1.0; 4]);
        assert_eq!(t.faults, 4);
        // Degenerate sizes read the border in every mode.
        let mut d = desc2d(order::R, channel::FLOAT, 1, 1);
        d.width = 0;
        d.height = u64::MAX;
        let img = image(&mut t, d, &[0; 4]);
        for smp in [NONE, EDGE, CLAMP, NORM | REPEAT, NORM | MIRROR] {
            let r = read2f(&mut t, img, smp | NEAREST, f32::NAN, f32::INFINITY);
            assert_eq!(r, [0.0, 0.0, 0.0, 1.0], "{smp:#x}");
            let r = read2f(&mut t, img, smp | LINEAR, 0.3, -7.0);
            assert_eq!(r, [0.0, 0.0, 0.0, 1.0], "{smp:#x}");
        }
        assert_eq!(t.faults, 4);
        assert!(t.errors.is_empty());
    }

    #[test]
    fn out_of_range_writes_are_skipped() {
        let mut t = TestEnv::new();
        let img = image(
            &mut t,
            desc2d(order::R, channel::UNSIGNED_INT8, 2, 2),
            &[0; 8],
        );
        for (x, y) in [(-1, 0), (2, 0), (0, -1), (0, 2), (i32::MIN, i32::MAX)] {
            t.call(
                "_Z13write_imageui14ocl_image2d_woDv2_iDv4_j",
                &[
                    handle(img),
                    ints(32, &[x as u32 as u64, y as u32 as u64]),
                    ints(32, &[9; 4]),
                ],
                None,
            );
        }
        assert_eq!(pixel_bytes(&t, img, 8), [0; 8]);
        assert!(t.errors.is_empty());
        assert_eq!(t.faults, 0);
    }

    #[test]
    fn samplers() {
        let mut t = TestEnv::new();
        let r = t.call(
            "__translate_sampler_initializer",
            &[int(32, 0x27)],
            Some(int_ty(64)),
        );
        assert_eq!(r, [0x27]);
        let img = grid(&mut t);
        let e = t
            .try_call(
                "_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_f",
                &[handle(img), int(64, 0xa), f32s(&[0.0, 0.0])],
                Some(f4()),
            )
            .unwrap_err();
        assert_eq!(e, "read_imagef: unsupported sampler addressing mode 0xA");
    }

    #[test]
    fn half_colours_round_to_half_and_widen_from_it() {
        let mut t = TestEnv::new();
        // 1/3 in a float image reads back as the nearest half (0x3555); read_imagef of the
        // same pixel keeps the float.
        let img = image(
            &mut t,
            desc2d(order::RGBA, channel::FLOAT, 1, 1),
            &floats(&[1.0 / 3.0, -2.0, 65520.0, 0.1]),
        );
        let at = ints(32, &[0, 0]);
        let h4 = vec_ty(ScalarTy::F16, 4);
        let r = t.call(
            "_Z11read_imageh14ocl_image2d_roDv2_i",
            &[handle(img), at.clone()],
            Some(h4),
        );
        assert_eq!(r, vec![0x3555, 0xc000, 0x7c00, 0x2e66]);
        // write_imageh widens exactly: a half-float image holds the same bits.
        let img = image(
            &mut t,
            desc2d(order::RGBA, channel::HALF_FLOAT, 1, 1),
            &[0; 8],
        );
        t.call(
            "_Z12write_imageh14ocl_image2d_woDv2_iDv4_Dh",
            &[handle(img), at, f16s(&[0x3555, 0x0001, 0xfbff, 0x7c00])],
            None,
        );
        assert_eq!(
            pixel_bytes(&t, img, 8),
            [0x55, 0x35, 0x01, 0x00, 0xff, 0xfb, 0x00, 0x7c]
        );
        let e = t
            .try_call(
                "_Z11read_imageh14ocl_image2d_roDv2_i",
                &[handle(0), ints(32, &[0, 0])],
                Some(f4()),
            )
            .unwrap_err();
        assert!(
            e.starts_with("read_imageh: the result is 4 x float, expected 4 x half"),
            "{e}"
        );
    }

    // Bit-identical to PoCL 6 for the same reads (normalized coordinates, linear filtering).
    #[test]
    fn three_dimensional_linear_matches_pocl() {
        let mut t = TestEnv::new();
        let px: Vec<f32> = (0..12)
            .map(|i| (i * 7 % 5) as f32 * 1.1 + i as f32 * 0.37)
            .collect();
        let d = desc(kind::IMAGE3D, order::R, channel::FLOAT, [3, 2, 2, 1]);
        let img = image(&mut t, d, &floats(&px));
        let coords = [
            [0.3, 0.6, 0.45, 0.0],
            [-0.2, 1.3, 0.9, 0.0],
            [0.77, 0.25, 0.5, 0.0],
            [1.6, -0.4, 2.2, 0.0],
            [0.5, 0.5, 0.5, 0.0],
            [0.1, 0.9, 0.1, 0.0],
        ];
        let cases: [(u32, [u32; 6]); 4] = [
            (
                EDGE,
                [
                    0x406e872c, 0x40d428f7, 0x40944b5f, 0x4081eb85, 0x409051ec, 0x400d70a4,
                ],
            ),
            (
                CLAMP,
                [0x406e872c, 0, 0x40944b5f, 0, 0x409051ec, 0x3f5dc728],
            ),
            (
                REPEAT,
                [
                    0x406e872c, 0x409178d5, 0x40944b5f, 0x4076c8b5, 0x409051ec, 0x40420c4a,
                ],
            ),
            (
                MIRROR,
                [
                    0x406e872c, 0x40c578d6, 0x40944b5f, 0x401d9169, 0x409051ec, 0x400d70a4,
                ],
            ),
        ];
        for (mode, want) in cases {
            for (c, w) in coords.iter().zip(want) {
                let r = t.call(
                    "_Z11read_imagef14ocl_image3d_ro11ocl_samplerDv4_f",
                    &[handle(img), int(64, (NORM | mode | LINEAR) as u64), f32s(c)],
                    Some(f4()),
                );
                assert_eq!(r[0], w as u64, "mode {mode:#x} at {c:?}");
            }
        }
    }
}
