//! TODO family
use super::{Call, Emit, Resolution};

pub fn resolve(_call: &Call, _emit: &mut dyn Emit) -> Option<Resolution> {
    None
}
