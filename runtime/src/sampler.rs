//! Samplers: the bits an OpenCL C `sampler_t` holds, made from the API's description.

use oclgrind_core::image::sampler as bits;

use crate::cl::*;
use crate::context::Context;
use crate::error::{fail, ClResult};
use crate::handle::{ClObject, Kind, Obj};

pub struct Sampler {
    pub context: Obj<Context>,
    pub normalized: bool,
    pub addressing: cl_addressing_mode,
    pub filter: cl_filter_mode,
    /// The property list of `clCreateSamplerWithProperties`, with its terminating zero.
    pub properties: Vec<cl_sampler_properties>,
    /// What kernels receive.
    pub bits: u32,
}

impl ClObject for Sampler {
    const KIND: Kind = Kind::Sampler;
    const INVALID: cl_int = CL_INVALID_SAMPLER;
}

impl Sampler {
    pub fn new(
        context: Obj<Context>,
        normalized: bool,
        addressing: cl_addressing_mode,
        filter: cl_filter_mode,
        properties: Vec<cl_sampler_properties>,
    ) -> ClResult<Sampler> {
        let address_bits = match addressing {
            CL_ADDRESS_NONE => bits::ADDRESS_NONE,
            CL_ADDRESS_CLAMP_TO_EDGE => bits::ADDRESS_CLAMP_TO_EDGE,
            CL_ADDRESS_CLAMP => bits::ADDRESS_CLAMP,
            CL_ADDRESS_REPEAT => bits::ADDRESS_REPEAT,
            CL_ADDRESS_MIRRORED_REPEAT => bits::ADDRESS_MIRRORED_REPEAT,
            _ => fail!(CL_INVALID_VALUE, "Invalid addressing mode {addressing:#x}"),
        };
        let filter_bits = match filter {
            CL_FILTER_NEAREST => bits::FILTER_NEAREST,
            CL_FILTER_LINEAR => bits::FILTER_LINEAR,
            _ => fail!(CL_INVALID_VALUE, "Invalid filter mode {filter:#x}"),
        };
        let norm_bits = if normalized {
            bits::NORMALIZED_COORDS
        } else {
            0
        };
        Ok(Sampler {
            context,
            normalized,
            addressing,
            filter,
            properties,
            bits: norm_bits | address_bits | filter_bits,
        })
    }
}
