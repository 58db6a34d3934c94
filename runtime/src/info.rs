//! Answers to `clGet*Info` queries: values as bytes, copied out with OpenCL's size rules.

use crate::cl::*;
use crate::error::{ensure, ClResult};

/// A value a query can return, as the bytes the application receives.
pub trait InfoValue {
    fn info_bytes(&self) -> Vec<u8>;
}

macro_rules! plain_info {
    ($($t:ty),*) => {$(
        impl InfoValue for $t {
            fn info_bytes(&self) -> Vec<u8> {
                self.to_ne_bytes().to_vec()
            }
        }
    )*};
}
plain_info!(u8, i32, u32, i64, u64, usize, isize);

impl InfoValue for *mut c_void {
    fn info_bytes(&self) -> Vec<u8> {
        (*self as usize).info_bytes()
    }
}

/// Strings are returned NUL-terminated.
impl InfoValue for str {
    fn info_bytes(&self) -> Vec<u8> {
        let mut v = self.as_bytes().to_vec();
        v.push(0);
        v
    }
}

impl InfoValue for String {
    fn info_bytes(&self) -> Vec<u8> {
        self.as_str().info_bytes()
    }
}

impl<T: InfoValue> InfoValue for [T] {
    fn info_bytes(&self) -> Vec<u8> {
        self.iter().flat_map(|v| v.info_bytes()).collect()
    }
}

impl<T: InfoValue> InfoValue for Vec<T> {
    fn info_bytes(&self) -> Vec<u8> {
        self.as_slice().info_bytes()
    }
}

impl<T: InfoValue, const N: usize> InfoValue for [T; N] {
    fn info_bytes(&self) -> Vec<u8> {
        self.as_slice().info_bytes()
    }
}

/// `cl_name_version`: a version and a name in a 64-byte field.
pub struct NameVersion(pub u32, pub &'static str);

impl InfoValue for NameVersion {
    fn info_bytes(&self) -> Vec<u8> {
        let mut v = self.0.to_ne_bytes().to_vec();
        let mut name = [0u8; CL_NAME_VERSION_MAX_NAME_SIZE];
        let n = self.1.len().min(name.len() - 1);
        name[..n].copy_from_slice(&self.1.as_bytes()[..n]);
        v.extend_from_slice(&name);
        v
    }
}

/// `CL_MAKE_VERSION`.
pub const fn version(major: u32, minor: u32, patch: u32) -> u32 {
    (major << 22) | (minor << 12) | patch
}

/// Boxes a value for a query answer.
pub fn val<T: InfoValue + ?Sized>(v: &T) -> Vec<u8> {
    v.info_bytes()
}

/// Where a query's answer goes.
#[derive(Clone, Copy)]
pub struct InfoOut {
    pub size: size_t,
    pub value: *mut c_void,
    pub size_ret: *mut size_t,
}

impl InfoOut {
    pub fn new(size: size_t, value: *mut c_void, size_ret: *mut size_t) -> InfoOut {
        InfoOut {
            size,
            value,
            size_ret,
        }
    }

    /// Copies the answer out: `CL_INVALID_VALUE` if the application's buffer is too small.
    pub fn write(self, bytes: &[u8]) -> ClResult<()> {
        if !self.value.is_null() {
            ensure!(
                self.size >= bytes.len(),
                CL_INVALID_VALUE,
                "param_value_size is {}, but result requires {} bytes",
                self.size,
                bytes.len()
            );
            // SAFETY: the application gave `size` writable bytes at `value`.
            unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.value as *mut u8, bytes.len())
            };
        }
        if !self.size_ret.is_null() {
            // SAFETY: the application passes NULL or a pointer to a size_t.
            unsafe { *self.size_ret = bytes.len() };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_respect_sizes() {
        let mut buf = [0u8; 8];
        let mut size = 0usize;
        let out = InfoOut::new(8, buf.as_mut_ptr() as *mut c_void, &mut size);
        out.write(&val("abc")).unwrap();
        assert_eq!(&buf[..4], b"abc\0");
        assert_eq!(size, 4);
        let small = InfoOut::new(2, buf.as_mut_ptr() as *mut c_void, std::ptr::null_mut());
        let e = small.write(&val(&7u64)).unwrap_err();
        assert_eq!(e.code, CL_INVALID_VALUE);
        assert_eq!(e.info, "param_value_size is 2, but result requires 8 bytes");
        let only_size = InfoOut::new(0, std::ptr::null_mut(), &mut size);
        only_size.write(&val(&[1u32, 2, 3])).unwrap();
        assert_eq!(size, 12);
        assert_eq!(val(&NameVersion(version(1, 0, 0), "x")).len(), 68);
        assert_eq!(version(3, 0, 0), 0xC00000);
    }
}
