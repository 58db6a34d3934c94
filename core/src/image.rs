//! Images as kernels see them: an image argument is the global address of a descriptor that
//! says where the pixels are and how they are laid out. The runtime writes descriptors; the
//! image builtins read them.
//!
//! Channel orders, data types and object types use the OpenCL API's numeric values.

/// `cl_channel_order` values.
pub mod order {
    pub const R: u32 = 0x10B0;
    pub const A: u32 = 0x10B1;
    pub const RG: u32 = 0x10B2;
    pub const RA: u32 = 0x10B3;
    pub const RGB: u32 = 0x10B4;
    pub const RGBA: u32 = 0x10B5;
    pub const BGRA: u32 = 0x10B6;
    pub const ARGB: u32 = 0x10B7;
    pub const INTENSITY: u32 = 0x10B8;
    pub const LUMINANCE: u32 = 0x10B9;
    pub const RX: u32 = 0x10BA;
    pub const RGX: u32 = 0x10BB;
    pub const RGBX: u32 = 0x10BC;
    pub const DEPTH: u32 = 0x10BD;
    pub const SRGB: u32 = 0x10BF;
    pub const SRGBX: u32 = 0x10C0;
    pub const SRGBA: u32 = 0x10C1;
    pub const SBGRA: u32 = 0x10C2;
    pub const ABGR: u32 = 0x10C3;
}

/// `cl_channel_type` values.
pub mod channel {
    pub const SNORM_INT8: u32 = 0x10D0;
    pub const SNORM_INT16: u32 = 0x10D1;
    pub const UNORM_INT8: u32 = 0x10D2;
    pub const UNORM_INT16: u32 = 0x10D3;
    pub const UNORM_SHORT_565: u32 = 0x10D4;
    pub const UNORM_SHORT_555: u32 = 0x10D5;
    pub const UNORM_INT_101010: u32 = 0x10D6;
    pub const SIGNED_INT8: u32 = 0x10D7;
    pub const SIGNED_INT16: u32 = 0x10D8;
    pub const SIGNED_INT32: u32 = 0x10D9;
    pub const UNSIGNED_INT8: u32 = 0x10DA;
    pub const UNSIGNED_INT16: u32 = 0x10DB;
    pub const UNSIGNED_INT32: u32 = 0x10DC;
    pub const HALF_FLOAT: u32 = 0x10DD;
    pub const FLOAT: u32 = 0x10DE;
}

/// `cl_mem_object_type` values of images.
pub mod kind {
    pub const IMAGE2D: u32 = 0x10F1;
    pub const IMAGE3D: u32 = 0x10F2;
    pub const IMAGE2D_ARRAY: u32 = 0x10F3;
    pub const IMAGE1D: u32 = 0x10F4;
    pub const IMAGE1D_ARRAY: u32 = 0x10F5;
    pub const IMAGE1D_BUFFER: u32 = 0x10F6;
}

/// Sampler bits (an OpenCL C `sampler_t` value, as the kernel and the runtime pass it).
pub mod sampler {
    pub const NORMALIZED_COORDS: u32 = 0x1;
    pub const ADDRESS_MASK: u32 = 0xE;
    pub const ADDRESS_NONE: u32 = 0x0;
    pub const ADDRESS_CLAMP_TO_EDGE: u32 = 0x2;
    pub const ADDRESS_CLAMP: u32 = 0x4;
    pub const ADDRESS_REPEAT: u32 = 0x6;
    pub const ADDRESS_MIRRORED_REPEAT: u32 = 0x8;
    pub const FILTER_MASK: u32 = 0x30;
    pub const FILTER_NEAREST: u32 = 0x10;
    pub const FILTER_LINEAR: u32 = 0x20;
}

/// What an image descriptor holds. In memory: `SIZE` bytes, each field a little-endian u64,
/// in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImageDesc {
    /// Global address of pixel (0, 0, 0).
    pub data: u64,
    pub order: u32,
    pub channel_type: u32,
    pub kind: u32,
    pub width: u64,
    /// 1 for 1D images.
    pub height: u64,
    /// 1 for 1D and 2D images.
    pub depth: u64,
    /// Layers of an array image (1 otherwise).
    pub array_size: u64,
    /// Bytes from one row to the next.
    pub row_pitch: u64,
    /// Bytes from one slice (or array layer) to the next.
    pub slice_pitch: u64,
}

impl ImageDesc {
    pub const SIZE: usize = 80;

    pub fn to_bytes(&self) -> [u8; Self::SIZE] {
        let fields = [
            self.data,
            self.order as u64,
            self.channel_type as u64,
            self.kind as u64,
            self.width,
            self.height,
            self.depth,
            self.array_size,
            self.row_pitch,
            self.slice_pitch,
        ];
        let mut out = [0u8; Self::SIZE];
        for (i, f) in fields.iter().enumerate() {
            out[i * 8..i * 8 + 8].copy_from_slice(&f.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(b: &[u8; Self::SIZE]) -> ImageDesc {
        let f = |i: usize| u64::from_le_bytes(b[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        ImageDesc {
            data: f(0),
            order: f(1) as u32,
            channel_type: f(2) as u32,
            kind: f(3) as u32,
            width: f(4),
            height: f(5),
            depth: f(6),
            array_size: f(7),
            row_pitch: f(8),
            slice_pitch: f(9),
        }
    }

    /// Bytes of one pixel.
    pub fn pixel_size(&self) -> Option<u64> {
        pixel_size(self.order, self.channel_type)
    }
}

/// Number of channels of an order (`None` for orders we do not support).
pub fn channels(order: u32) -> Option<u64> {
    use self::order::*;
    Some(match order {
        R | A | RX | INTENSITY | LUMINANCE | DEPTH => 1,
        RG | RA | RGX => 2,
        RGB | RGBX | SRGB | SRGBX => 3,
        RGBA | BGRA | ARGB | ABGR | SRGBA | SBGRA => 4,
        _ => return None,
    })
}

/// Bytes of one channel (`None` for packed types, whose pixel is one unit).
fn channel_size(channel_type: u32) -> Option<u64> {
    use self::channel::*;
    Some(match channel_type {
        SNORM_INT8 | UNORM_INT8 | SIGNED_INT8 | UNSIGNED_INT8 => 1,
        SNORM_INT16 | UNORM_INT16 | SIGNED_INT16 | UNSIGNED_INT16 | HALF_FLOAT => 2,
        SIGNED_INT32 | UNSIGNED_INT32 | FLOAT => 4,
        _ => return None,
    })
}

/// Bytes of one pixel of a format; `None` if we do not support it.
pub fn pixel_size(order: u32, channel_type: u32) -> Option<u64> {
    use self::channel::*;
    match channel_type {
        UNORM_SHORT_565 | UNORM_SHORT_555 => {
            (matches!(order, self::order::RGB | self::order::RGBX)).then_some(2)
        }
        UNORM_INT_101010 => (matches!(order, self::order::RGB | self::order::RGBX)).then_some(4),
        t => {
            // RGB, RGBx and the sRGB orders without alpha exist only as packed formats (and
            // sRGB as UNORM_INT8).
            let n = channels(order)?;
            if matches!(order, self::order::RGB | self::order::RGBX) {
                return None;
            }
            Some(n * channel_size(t)?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_round_trip() {
        let d = ImageDesc {
            data: 0x2000000000000,
            order: order::RGBA,
            channel_type: channel::UNORM_INT8,
            kind: kind::IMAGE2D,
            width: 7,
            height: 3,
            depth: 1,
            array_size: 1,
            row_pitch: 28,
            slice_pitch: 84,
        };
        assert_eq!(ImageDesc::from_bytes(&d.to_bytes()), d);
        assert_eq!(d.pixel_size(), Some(4));
    }

    #[test]
    fn pixel_sizes() {
        assert_eq!(pixel_size(order::R, channel::FLOAT), Some(4));
        assert_eq!(pixel_size(order::RG, channel::HALF_FLOAT), Some(4));
        assert_eq!(pixel_size(order::BGRA, channel::UNORM_INT8), Some(4));
        assert_eq!(pixel_size(order::RGB, channel::UNORM_SHORT_565), Some(2));
        assert_eq!(pixel_size(order::RGB, channel::FLOAT), None);
        assert_eq!(pixel_size(order::RGBA, channel::UNORM_SHORT_565), None);
    }
}
