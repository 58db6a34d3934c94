//! Kernel output through the process's C `stdout`, so that it lands in order with what the
//! host program itself prints with `printf` (both share the C library's buffer).

use oclgrind_core::context::Output;

extern "C" {
    /// glibc's `stdout` stream.
    static stdout: *mut libc::FILE;
}

pub struct CStdout;

impl Output for CStdout {
    fn stdout(&self, bytes: &[u8]) {
        // SAFETY: `stdout` is initialised before any constructor runs; fwrite locks the stream.
        unsafe {
            libc::fwrite(bytes.as_ptr().cast(), 1, bytes.len(), stdout);
        }
    }

    fn flush(&self) {
        // SAFETY: as above.
        unsafe {
            libc::fflush(stdout);
        }
    }
}
