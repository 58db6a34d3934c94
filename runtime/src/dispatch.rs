//! The ICD dispatch table every handle starts with, and lookup of entry points by name.
//!
//! Both point at our internal (not exported) functions: exported names could resolve to an ICD
//! loader's own trampolines, which would call straight back into the loader forever.

use std::sync::OnceLock;

use crate::api;
use crate::cl::*;

/// Sets one dispatch-table field; entry points the table has no field for are skipped.
macro_rules! set_field {
    ($table:ident, clIcdGetPlatformIDsKHR) => {};
    ($table:ident, $name:ident) => {
        $table.$name = Some(api::$name);
    };
}

macro_rules! build_dispatch {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        fn build_table() -> cl_icd_dispatch {
            // SAFETY: the table is a struct of `Option<fn>` fields, for which all-zero is None.
            let mut table: cl_icd_dispatch = unsafe { std::mem::zeroed() };
            $(set_field!(table, $name);)*
            // cl_khr_subgroups' name for the core function.
            table.clGetKernelSubGroupInfoKHR = table.clGetKernelSubGroupInfo;
            table
        }

        /// Our implementation of the entry point called `name` (extension names included).
        pub fn function_address(name: &str) -> Option<*mut c_void> {
            match name {
                // cl_khr_il_program's name for the core function.
                "clCreateProgramWithILKHR" => Some(api::clCreateProgramWithIL as *const () as *mut c_void),
                // cl_khr_subgroups' name for the core function.
                "clGetKernelSubGroupInfoKHR" => Some(api::clGetKernelSubGroupInfo as *const () as *mut c_void),
                $(stringify!($name) => Some(api::$name as *const () as *mut c_void),)*
                _ => None,
            }
        }
    };
}

crate::for_each_entry_point!(build_dispatch);

/// The dispatch table (built once, never freed).
pub fn table() -> &'static cl_icd_dispatch {
    static TABLE: OnceLock<cl_icd_dispatch> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_points_at_our_functions() {
        let t = table();
        assert_eq!(
            t.clGetPlatformIDs.map(|f| f as *const ()),
            Some(api::clGetPlatformIDs as *const ())
        );
        assert!(t.clEnqueueNDRangeKernel.is_some());
        assert!(t.clCreateFromD3D10BufferKHR.is_none());
        assert_eq!(
            function_address("clIcdGetPlatformIDsKHR"),
            Some(api::clIcdGetPlatformIDsKHR as *const () as *mut c_void)
        );
        assert_eq!(function_address("clNoSuchThing"), None);
    }
}
