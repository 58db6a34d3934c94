//! The one platform and its one device, and the settings read when they are first created.

use std::sync::LazyLock;

use oclgrind_core::Config;

use crate::cl::*;
use crate::error::{fail, ClResult};
use crate::handle::{self, ClObject, Kind, Obj};
use crate::info::{val, version, NameVersion};

/// Version of Oclgrind whose behaviour we follow (it appears in version strings).
pub const OCLGRIND_VERSION: &str = "26.03.1";

/// Settings from `OCLGRIND_*` variables, read once (memory sizes, limits, `--check-api`).
/// A malformed value is reported once and the default used instead.
pub fn settings() -> &'static Config {
    static SETTINGS: LazyLock<Config> = LazyLock::new(|| {
        Config::from_env().unwrap_or_else(|message| {
            crate::error::stderr_line(&format!("\n{message}"));
            Config::default()
        })
    });
    &SETTINGS
}

pub struct Platform;

impl ClObject for Platform {
    const KIND: Kind = Kind::Platform;
    const INVALID: cl_int = CL_INVALID_PLATFORM;
}

/// The simulated device. Its limits come from `settings()`.
pub struct Device;

impl ClObject for Device {
    const KIND: Kind = Kind::Device;
    const INVALID: cl_int = CL_INVALID_DEVICE;
}

struct Ids {
    platform: Obj<Platform>,
    device: Obj<Device>,
}

static IDS: LazyLock<Ids> = LazyLock::new(|| {
    settings();
    Ids {
        platform: handle::create(Platform),
        device: handle::create(Device),
    }
});

pub fn platform() -> &'static Obj<Platform> {
    &IDS.platform
}

pub fn device() -> &'static Obj<Device> {
    &IDS.device
}

/// A platform argument: ours, or NULL (which means ours).
pub fn check_platform(p: cl_platform_id) -> ClResult<()> {
    if !p.is_null() && p != handle::raw(platform()) {
        fail!(CL_INVALID_PLATFORM, "For argument 'platform'");
    }
    Ok(())
}

/// A device argument: it must be ours.
pub fn check_device(d: cl_device_id, argument: &str) -> ClResult<()> {
    handle::get::<Device>(d, argument).map(|_| ())
}

pub fn platform_info(param: cl_platform_info) -> ClResult<Vec<u8>> {
    Ok(match param {
        CL_PLATFORM_PROFILE => val("FULL_PROFILE"),
        CL_PLATFORM_VERSION => val(&format!("OpenCL 3.0 (Oclgrind {OCLGRIND_VERSION})")),
        CL_PLATFORM_NUMERIC_VERSION => val(&version(3, 0, 0)),
        CL_PLATFORM_NAME => val("Oclgrind"),
        CL_PLATFORM_VENDOR => val("Oclgrind"),
        CL_PLATFORM_EXTENSIONS => val("cl_khr_icd"),
        CL_PLATFORM_EXTENSIONS_WITH_VERSION => val(&[NameVersion(version(1, 0, 0), "cl_khr_icd")]),
        CL_PLATFORM_HOST_TIMER_RESOLUTION => val(&1u64),
        CL_PLATFORM_ICD_SUFFIX_KHR => val("oclg"),
        _ => fail!(
            CL_INVALID_VALUE,
            "For argument 'param_name': {param:#x} is not a platform query"
        ),
    })
}
