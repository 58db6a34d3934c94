//! Gives the library the name applications that `dlopen("libOpenCL.so")` ask for.
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libOpenCL.so");
}
